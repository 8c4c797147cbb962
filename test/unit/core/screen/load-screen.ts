// Reads a captured screen dump (scripts/dev/capture-screens.ts) as a snapshot.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ScreenFrame } from "../../../../src/core/contract/adapter.js";

export function loadScreen(
  name: string,
  cursor: ScreenFrame["cursor"] = { x: 0, y: 0, isVisible: false },
): Pick<ScreenFrame, "lines" | "cursor"> {
  const text = readFileSync(
    join(import.meta.dirname, "../../../fixtures/screens", `${name}.txt`),
    "utf8",
  );
  return { lines: text.replace(/\n$/, "").split("\n"), cursor };
}

export function labels(snapshot: { options: readonly { label: string }[] } | undefined): string[] {
  return (snapshot?.options ?? []).map((option) => option.label);
}
