// Reading and comparing CLI versions (lifecycle §1.2 "Minimum versions"):
// "2.1.332 (Claude Code)" → "2.1.332", "codex-cli 0.171.0" → "0.171.0".

import { ElwoodError } from "../errors.js";

const VERSION_PATTERN = /(?<![\d.])(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?/;

/** The version on the last line that has one (shell start-up chatter comes first), or undefined. */
export function parseVersion(text: string): string | undefined {
  const lines = text.split(/\r?\n/);
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const match = VERSION_PATTERN.exec(lines[index] ?? "");
    if (match !== null) return match[0].replace(/\+.*$/, "");
  }
  return undefined;
}

interface ParsedVersion {
  readonly numbers: readonly [number, number, number];
  readonly prerelease: readonly string[];
}

function parse(version: string): ParsedVersion | undefined {
  const match = VERSION_PATTERN.exec(version);
  if (match === null) return undefined;
  return {
    numbers: [Number(match[1]), Number(match[2]), Number(match[3])],
    prerelease: match[4] === undefined ? [] : match[4].split("."),
  };
}

/** -1, 0 or 1 like a sort comparator; a prerelease sorts before its release. */
export function compareVersions(left: string, right: string): -1 | 0 | 1 {
  const a = parse(left);
  const b = parse(right);
  if (a === undefined || b === undefined) {
    throw new ElwoodError(
      "invalid_options",
      `compareVersions needs x.y.z versions; got "${left}" and "${right}".`,
    );
  }
  for (let index = 0; index < 3; index += 1) {
    const difference = (a.numbers[index] ?? 0) - (b.numbers[index] ?? 0);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  return comparePrerelease(a.prerelease, b.prerelease);
}

function comparePrerelease(a: readonly string[], b: readonly string[]): -1 | 0 | 1 {
  if (a.length === 0 || b.length === 0) {
    if (a.length === b.length) return 0;
    return a.length === 0 ? 1 : -1;
  }
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const x = a[index];
    const y = b[index];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const [xNumber, yNumber] = [Number(x), Number(y)];
    const bothNumeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    if (bothNumeric) return xNumber < yNumber ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}
