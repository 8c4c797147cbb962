// Loads the sanitized real transcripts captured by scripts/dev/capture-screens.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export function loadJsonl(name: string): unknown[] {
  const path = join(import.meta.dirname, "../../fixtures/transcripts", name);
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as unknown);
}
