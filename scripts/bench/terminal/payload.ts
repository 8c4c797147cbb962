// The terminal bench's output: deterministic coloured text with SGR colours, bold, line
// erase, clears, cursor moves and multi-byte characters (wide CJK, emoji).

export const MIB = 1024 * 1024;

export function buildPayload(bytes: number): Buffer {
  const words = [
    "elwood",
    "terminal",
    "héllo",
    "wörld",
    "✓ done",
    "漢字テスト",
    "emoji 😀",
    "rate",
  ];
  const lines: string[] = [];
  for (let index = 0; index < 600; index += 1) {
    const color = 31 + (index % 7);
    const word = words[index % words.length];
    const prefix = index % 50 === 0 ? "\x1b[H\x1b[2J" : index % 9 === 0 ? "\x1b[2K\x1b[1m" : "";
    lines.push(
      `${prefix}\x1b[${color}m${index} ${word}\x1b[0m ${"lorem ipsum dolor sit ".repeat(3)}\r\n`,
    );
  }
  const block = Buffer.from(lines.join(""), "utf8");
  const payload = Buffer.alloc(bytes);
  for (let offset = 0; offset < bytes; offset += block.length) block.copy(payload, offset);
  // End on a whole character so every decoder sees the same text.
  let end = bytes;
  while (end > 0 && ((payload[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return payload.subarray(0, Math.min(end, bytes));
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}
