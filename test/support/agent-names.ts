// Finds code lines that name an agent (comments aside): the seam check's reader
// (test/unit/agent-seam.test.ts). Comments are found by the TypeScript scanner over the
// parsed file, so a `//` inside a string or a regex is never taken for one.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** Every agent Elwood ships or is about to, case-insensitive, anywhere in a line. */
export const AGENT_NAME = /claude|codex|gemini|copilot/i;

export interface NamingLine {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

export function filesUnder(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(path.join(root, dir));
  return out.sort();
}

/** The text with every comment blanked (newlines kept, so line numbers hold). */
export function withoutComments(file: string, text: string): string {
  const blank = (start: number, end: number) => {
    chars.fill(" ", start, end);
    for (let at = start; at < end; at += 1) if (text[at] === "\n") chars[at] = "\n";
  };
  const chars = [...text];
  if (file.endsWith(".html")) {
    for (const match of text.matchAll(/<!--[\s\S]*?-->/g)) {
      blank(match.index, match.index + match[0].length);
    }
    return chars.join("");
  }
  if (file.endsWith(".css")) {
    for (const match of text.matchAll(/\/\*[\s\S]*?\*\//g)) {
      blank(match.index, match.index + match[0].length);
    }
    return chars.join("");
  }
  // Array indexes are UTF-16 code units as TypeScript's positions are; [...text] is not.
  const units = text.split("");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const seen = new Set<number>();
  const blankRange = (range: ts.CommentRange) => {
    if (seen.has(range.pos)) return;
    seen.add(range.pos);
    for (let at = range.pos; at < range.end; at += 1) if (units[at] !== "\n") units[at] = " ";
  };
  const visit = (node: ts.Node) => {
    for (const range of ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []) {
      blankRange(range);
    }
    for (const range of ts.getTrailingCommentRanges(text, node.getEnd()) ?? []) blankRange(range);
    // Tokens between children (a comment before `}` or after a `,`) are reached through them.
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return units.join("");
}

export function namingLines(root: string, files: readonly string[]): NamingLine[] {
  const found: NamingLine[] = [];
  for (const file of files) {
    if (!/\.(ts|mts|cts|js|mjs|html|css)$/.test(file)) continue;
    const code = withoutComments(file, readFileSync(path.join(root, file), "utf8"));
    code.split("\n").forEach((text, index) => {
      if (AGENT_NAME.test(text)) found.push({ file, line: index + 1, text: text.trim() });
    });
  }
  return found;
}
