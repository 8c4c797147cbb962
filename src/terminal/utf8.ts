// Byte-level UTF-8 helpers for the terminal's byte budgets: cuts land only on
// character boundaries so no replayed or batched chunk begins or ends mid-character.

/** True for a UTF-8 continuation byte (10xxxxxx). */
function isContinuationByte(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

/** The last `maxBytes` (or fewer) bytes of `text`, starting on a character boundary. */
export function keepUtf8Tail(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return text;
  let start = bytes.length - maxBytes;
  while (start < bytes.length && isContinuationByte(bytes[start])) start += 1;
  return bytes.toString("utf8", start);
}

/** Splits `text` into a head of at most `maxBytes` bytes and the rest, on a character boundary. */
export function splitUtf8(text: string, maxBytes: number): { head: string; tail: string } {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return { head: text, tail: "" };
  let cut = maxBytes;
  while (cut > 0 && isContinuationByte(bytes[cut])) cut -= 1;
  // A single character wider than the budget still has to go somewhere.
  if (cut === 0) cut = firstCharacterEnd(bytes);
  return { head: bytes.toString("utf8", 0, cut), tail: bytes.toString("utf8", cut) };
}

function firstCharacterEnd(bytes: Buffer): number {
  let end = 1;
  while (end < bytes.length && isContinuationByte(bytes[end])) end += 1;
  return end;
}

/** Byte length of `text` once encoded as UTF-8. */
export function utf8Length(text: string): number {
  return Buffer.byteLength(text, "utf8");
}
