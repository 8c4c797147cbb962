// `send` bodies keep long base64 literals in the body buffer (prd/serve.md "Limits"):
// the parse must mean exactly what JSON.parse means, and each lifted literal must decode
// to the same bytes as Buffer.from(text, "base64").
import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import {
  Base64Text,
  findBase64Literals,
  parseJsonWithBase64,
} from "../../../src/serve/json-blobs.js";

/** The parsed value with every Base64Text turned back into its base64 string. */
function restored(value: unknown): unknown {
  if (value instanceof Base64Text) return value.decode().toString("base64");
  if (Array.isArray(value)) return value.map(restored);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, restored(item)]));
  }
  return value;
}

/**
 * Whether a parse means what JSON.parse gives: equal, except that a lifted literal must be
 * a base64 string there that decodes to the same bytes. Comparing re-encoded text instead
 * would fail on valid non-canonical base64 ("++=" decodes like "+8="), which is what made
 * this property fail one run in a few hundred.
 */
function sameMeaning(parsed: unknown, expected: unknown): boolean {
  if (parsed instanceof Base64Text) {
    return (
      typeof expected === "string" &&
      /^[A-Za-z0-9+/]*={0,2}$/.test(expected) &&
      parsed.decode().equals(Buffer.from(expected, "base64"))
    );
  }
  if (Array.isArray(parsed)) {
    return (
      Array.isArray(expected) &&
      parsed.length === expected.length &&
      parsed.every((item, index) => sameMeaning(item, expected[index]))
    );
  }
  if (typeof parsed === "object" && parsed !== null) {
    if (typeof expected !== "object" || expected === null || Array.isArray(expected)) return false;
    const keys = Object.keys(parsed);
    const record = expected as Record<string, unknown>;
    return (
      keys.length === Object.keys(record).length &&
      keys.every(
        (key) =>
          key in record && sameMeaning((parsed as Record<string, unknown>)[key], record[key]),
      )
    );
  }
  return Object.is(parsed, expected);
}

function literalsOf(json: string, minChars: number): string[] {
  const body = Buffer.from(json);
  return findBase64Literals(body, minChars).map(([start, end]) =>
    body.toString("latin1", start, end),
  );
}

describe("findBase64Literals", () => {
  test("only whole-group standard base64 literals of the minimum length, padding at the end", () => {
    const json = JSON.stringify({
      data: "QUJDRA==",
      short: "QUI=",
      odd: "QUJDREU",
      midPad: "QU==QUJD",
      url: "QUJD-_RE",
      text: "hello world!",
      nested: [{ deeper: "AAAAAAAA" }],
    });
    expect(literalsOf(json, 8)).toEqual(["QUJDRA==", "AAAAAAAA"]);
  });

  test("object keys keep their text, whatever whitespace precedes the colon", () => {
    expect(literalsOf('{"AAAAAAAA" :\n "BBBBBBBB", "CCCCCCCC":["DDDDDDDD"]}', 8)).toEqual([
      "BBBBBBBB",
      "DDDDDDDD",
    ]);
  });

  test("a literal with an escape is left to JSON.parse, and escaped quotes do not end a literal", () => {
    expect(literalsOf('{"a":"QUJD\\/RA==","b":"x\\"AAAAAAAA\\"","c":"BBBBBBBB"}', 8)).toEqual([
      "BBBBBBBB",
    ]);
    // One escaped quote: a scanner that ended the literal there would lose its place.
    expect(literalsOf('{"a":"it\\"s","b":"BBBBBBBB"}', 8)).toEqual(["BBBBBBBB"]);
  });
});

describe("parseJsonWithBase64", () => {
  test("a 1 MiB image decodes to its bytes; the rest of the object is as JSON.parse gives it", () => {
    const image = randomBytes(1024 * 1024 + 1);
    const body = Buffer.from(
      JSON.stringify({
        text: "look \u00e9\u4e16",
        images: [{ data: image.toString("base64"), format: "png" }],
      }),
    );
    const value = parseJsonWithBase64(body, 4096) as {
      text: string;
      images: { data: unknown; format: string }[];
    };
    expect(value.text).toBe("look \u00e9\u4e16");
    expect(value.images[0]?.format).toBe("png");
    const data = value.images[0]?.data;
    expect(data).toBeInstanceOf(Base64Text);
    expect((data as Base64Text).decode().equals(image)).toBe(true);
    expect(JSON.stringify(data)).toBe(`"<${image.toString("base64").length} base64 characters>"`);
  });

  test("random documents parse to what JSON.parse gives, literals restored (500 cases)", () => {
    const alphabet = ["a", "Z", "0", "+", "/", "=", '"', "\\", "\u00e9", " ", "\n", "Q"];
    const randomString = (): string => {
      if (Math.random() < 0.4)
        return randomBytes(Math.floor(Math.random() * 40)).toString("base64");
      return Array.from(
        { length: Math.floor(Math.random() * 20) },
        () => alphabet[Math.floor(Math.random() * alphabet.length)],
      ).join("");
    };
    const randomValue = (depth: number): unknown => {
      const pick = Math.random();
      if (depth > 3 || pick < 0.4) return randomString();
      if (pick < 0.5) return Math.random() < 0.5 ? null : Math.floor(Math.random() * 1000);
      if (pick < 0.75) return Array.from({ length: 3 }, () => randomValue(depth + 1));
      return Object.fromEntries(
        Array.from({ length: 3 }, () => [randomString(), randomValue(depth + 1)]),
      );
    };
    for (let index = 0; index < 500; index += 1) {
      const json = JSON.stringify({ root: randomValue(0) }, null, index % 2 === 0 ? 2 : undefined);
      expect(sameMeaning(parseJsonWithBase64(Buffer.from(json), 8), JSON.parse(json)), json).toBe(
        true,
      );
    }
  });

  test("malformed JSON still fails, with or without a long literal", () => {
    for (const json of ['{"a":"AAAAAAAA"', '{"a":"AAAAAAAA",}', '{"a": AAAAAAAA}', '{"a":"AAAA']) {
      expect(() => parseJsonWithBase64(Buffer.from(json), 8), json).toThrow(SyntaxError);
    }
  });

  test("a client string cannot pose as a placeholder for another literal", () => {
    const json = JSON.stringify({ a: "\u00010:0", b: "AAAAAAAA", c: "\u0001" });
    expect(restored(parseJsonWithBase64(Buffer.from(json), 8))).toEqual(JSON.parse(json));
  });
});
