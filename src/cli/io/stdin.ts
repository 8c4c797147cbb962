// Piped stdin joins the prompt (spec §5.2): read only when stdin is not a terminal, and
// counted as it arrives so the 8 MiB cap holds before a session is even created.
import type { Readable } from "node:stream";
import { usageError } from "../usage-error.js";

export const MAX_PROMPT_BYTES = 8 * 1024 * 1024;

/** Piped stdin as text ("" when empty or a terminal). */
export async function readPipedStdin(
  stdin: Readable & { readonly isTTY?: boolean },
  budgetBytes: number,
): Promise<string> {
  if (stdin.isTTY === true) return "";
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stdin) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    total += bytes.length;
    if (total > budgetBytes) {
      stdin.destroy();
      throw tooLarge();
    }
    chunks.push(bytes);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw usageError(
      "Piped stdin is not valid UTF-8 text; pipe text, or pass images with --image.",
    );
  }
}

export function tooLarge(): Error {
  return usageError(
    `The prompt is larger than 8 MiB (arguments and piped stdin together); shorten it.`,
  );
}

/** Positional words joined by spaces, then piped text after one blank line. */
export function joinPrompt(words: readonly string[], piped: string): string {
  const typed = words.join(" ");
  const pipedText = piped.replace(/\n+$/, "");
  if (pipedText.trim() === "") return typed;
  return typed === "" ? pipedText : `${typed}\n\n${pipedText}`;
}
