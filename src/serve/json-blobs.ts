// JSON bodies whose long base64 strings are never copied into JS strings (prd/serve.md
// "Limits"): a `send` body may carry 50 MiB of images as base64. Parsing it whole would
// hold the bytes, the text, the parsed strings and the decoded images at once. Here
// each long base64 string literal is left in the body buffer, the small rest of the JSON
// is parsed, and the literal comes back as a Base64Text that decodes straight from the
// buffer into one Buffer of image bytes.
import { randomBytes } from "node:crypto";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const EQUALS = 0x3d;
const IS_BASE64 = new Uint8Array(256);
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") {
  IS_BASE64[char.charCodeAt(0)] = 1;
}
/** Characters decoded per step: a multiple of 4, so every step ends on a whole group. */
const DECODE_STEP = 64 * 1024;

/** A standard-base64 string literal kept undecoded in the request body. */
export class Base64Text {
  readonly #source: Buffer;
  readonly #start: number;
  readonly #end: number;

  constructor(source: Buffer, start: number, end: number) {
    this.#source = source;
    this.#start = start;
    this.#end = end;
  }

  /** Characters in the literal (always a multiple of 4). */
  get length(): number {
    return this.#end - this.#start;
  }

  /** The decoded bytes, written into one Buffer a step at a time. */
  decode(): Buffer {
    const padding =
      (this.#source[this.#end - 1] === EQUALS ? 1 : 0) +
      (this.#source[this.#end - 2] === EQUALS ? 1 : 0);
    const out = Buffer.allocUnsafe((this.length / 4) * 3 - padding);
    let written = 0;
    for (let at = this.#start; at < this.#end; at += DECODE_STEP) {
      const chunk = this.#source.toString("latin1", at, Math.min(at + DECODE_STEP, this.#end));
      written += out.write(chunk, written, "base64");
    }
    return out.subarray(0, written);
  }

  /** How it appears in error messages: never the data itself. */
  toJSON(): string {
    return `<${this.length} base64 characters>`;
  }
}

/**
 * Where each string value of `body` whose content is standard base64 (whole 4-character
 * groups, `=` only at the end) of at least `minChars` characters lies, as [start, end) of
 * its content. A literal with any escape, and any object key, is left to JSON.parse.
 */
export function findBase64Literals(body: Buffer, minChars: number): [number, number][] {
  const spans: [number, number][] = [];
  // Outside a string, a quote can only open one, so indexOf skips to the next literal.
  for (let open = body.indexOf(QUOTE); open !== -1; ) {
    let at = open + 1;
    let isBase64 = true;
    let padding = 0;
    for (; at < body.length; at += 1) {
      const byte = body[at] as number;
      if (byte === QUOTE) break;
      if (byte === BACKSLASH) {
        isBase64 = false;
        at += 1;
      } else if (!isBase64) {
        // keep scanning for the closing quote
      } else if (byte === EQUALS) {
        padding += 1;
        isBase64 = padding <= 2;
      } else if (padding > 0 || IS_BASE64[byte] === 0) {
        isBase64 = false;
      }
    }
    if (at >= body.length) break; // unterminated: JSON.parse reports it
    const length = at - open - 1;
    if (isBase64 && length >= minChars && length % 4 === 0 && !isObjectKey(body, at + 1)) {
      spans.push([open + 1, at]);
    }
    open = body.indexOf(QUOTE, at + 1);
  }
  return spans;
}

// A literal followed by `:` is a key, which must keep its text.
function isObjectKey(body: Buffer, from: number): boolean {
  let at = from;
  while (at < body.length && [0x20, 0x0a, 0x0d, 0x09].includes(body[at] as number)) at += 1;
  return body[at] === 0x3a;
}

/**
 * JSON.parse of `body`, with every base64 literal of `minChars` or more replaced by a
 * Base64Text over the same bytes. Throws what JSON.parse throws for malformed JSON.
 */
export function parseJsonWithBase64(body: Buffer, minChars: number): unknown {
  const spans = findBase64Literals(body, minChars);
  if (spans.length === 0) return JSON.parse(body.toString("utf8"));
  // A per-request nonce, so no string a client sends can pose as a placeholder.
  const nonce = `\u0001${randomBytes(16).toString("hex")}:`;
  const texts = new Map<string, Base64Text>();
  const parts: Buffer[] = [];
  let last = 0;
  for (const [start, end] of spans) {
    const placeholder = `${nonce}${texts.size}`;
    texts.set(placeholder, new Base64Text(body, start, end));
    parts.push(body.subarray(last, start), Buffer.from(JSON.stringify(placeholder).slice(1, -1)));
    last = end;
  }
  parts.push(body.subarray(last));
  return JSON.parse(Buffer.concat(parts).toString("utf8"), (_key, value: unknown) =>
    typeof value === "string" && value.startsWith(nonce) ? (texts.get(value) ?? value) : value,
  );
}
