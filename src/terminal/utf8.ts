// Byte-level UTF-8 helpers for PTY output, which node-pty hands over as bytes cut wherever a
// read ended, even inside a character: where a character starts, and which trailing bytes
// are a character still arriving.

export const NO_BYTES = new Uint8Array(0);

/** True for a UTF-8 continuation byte (10xxxxxx). */
function isContinuationByte(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

/** The length a character has when it starts with `lead`; 0 for a byte no character starts with. */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc0 && lead < 0xe0) return 2;
  if (lead >= 0xe0 && lead < 0xf0) return 3;
  if (lead >= 0xf0 && lead < 0xf8) return 4;
  return 0;
}

/** The first index at or after `from` where a character starts (skips continuation bytes). */
export function characterStartAtOrAfter(bytes: Uint8Array, from: number): number {
  let start = Math.max(0, from);
  while (start < bytes.length && isContinuationByte(bytes[start])) start += 1;
  return start;
}

/**
 * How many of the trailing bytes belong to a character not complete yet (0–3): the bytes a
 * streaming decoder would hold back. Invalid sequences count as complete.
 */
export function unfinishedCharacterLength(bytes: Uint8Array): number {
  const lowest = Math.max(0, bytes.length - 3);
  for (let index = bytes.length - 1; index >= lowest; index -= 1) {
    const byte = bytes[index]!;
    if (isContinuationByte(byte)) continue;
    const have = bytes.length - index;
    return have < sequenceLength(byte) ? have : 0;
  }
  return 0;
}

/**
 * The unfinished character at the end of a stream after `chunk`, given the one before it
 * (`previous`, from this function): a chunk may carry only the middle of a character.
 */
export function unfinishedTailAfter(previous: Uint8Array, chunk: Uint8Array): Uint8Array {
  let window = chunk;
  if (chunk.length < 3 && previous.length > 0) {
    window = new Uint8Array(previous.length + chunk.length);
    window.set(previous);
    window.set(chunk, previous.length);
  }
  const length = unfinishedCharacterLength(window);
  // A copy: the tail must not keep the whole chunk's memory alive.
  return length === 0 ? NO_BYTES : window.slice(window.length - length);
}

/** `text` as UTF-8 bytes. */
export function utf8Bytes(text: string): Uint8Array {
  return Buffer.from(text, "utf8");
}

/** `bytes` (whole characters) as text. */
export function utf8Text(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
}
