// Reads a CLI's JSON settings file the way that CLI does (Gemini strips comments before
// JSON.parse, Claude parses strict JSON): an object, or undefined when the file is missing,
// unreadable or not a JSON object. Used to find switches a settings file sets.
import { readFile } from "node:fs/promises";

/** `text` with its `//` and `/* *\/` comments blanked; strings (and escapes in them) kept. */
export function withoutJsonComments(text: string): string {
  let out = "";
  let inString = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at] as string;
    if (inString) {
      out += char;
      if (char === "\\") {
        out += text[at + 1] ?? "";
        at += 1;
      } else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') {
      inString = true;
      out += char;
    } else if (char === "/" && text[at + 1] === "/") {
      while (at < text.length && text[at] !== "\n") at += 1;
      out += "\n";
    } else if (char === "/" && text[at + 1] === "*") {
      const end = text.indexOf("*/", at + 2);
      at = end === -1 ? text.length : end + 1;
      out += " ";
    } else out += char;
  }
  return out;
}

export interface SettingsFileSyntax {
  /** The CLI strips `//` and `/* *\/` comments first; a strict-JSON CLI skips such a file. */
  readonly comments: boolean;
}

export async function readSettingsObject(
  path: string,
  syntax: SettingsFileSyntax = { comments: true },
): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch {
    return undefined;
  }
  try {
    const parsed: unknown = JSON.parse(syntax.comments ? withoutJsonComments(text) : text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
