// Pure key planning for picking a dialog option by label (spec "Trust-gate automation",
// C-CODEX-12). Moves are planned from the CURRENT highlighted row; the confirm key is
// separate so the runtime can re-read the frame and check the selection landed first.
import { KEYS } from "../../terminal/input.js";
import type { DialogMatch } from "./types.js";

export const { up: ARROW_UP, down: ARROW_DOWN, enter: ENTER } = KEYS;

export interface OptionKeyPlan {
  readonly method: "arrows" | "number";
  readonly moves: readonly string[];
  readonly confirm: string;
  readonly targetIndex: number;
}

/**
 * Keys to reach the option whose label matches `label`. With a visible highlight, use
 * arrows (a number key may confirm at once on some layouts, so arrows are the safe
 * default); with no highlight (raw cursor-addressed output), fall back to the row's number.
 * Undefined when the option is absent or cannot be reached safely.
 */
export function planOptionKeys(
  dialog: Pick<DialogMatch, "options" | "selectedIndex">,
  label: RegExp,
): OptionKeyPlan | undefined {
  const targetIndex = dialog.options.findIndex((option) => label.test(option.label));
  const target = dialog.options[targetIndex];
  if (target === undefined) return undefined;
  if (dialog.selectedIndex !== undefined) {
    const distance = targetIndex - dialog.selectedIndex;
    const key = distance > 0 ? ARROW_DOWN : ARROW_UP;
    const moves = Array.from({ length: Math.abs(distance) }, () => key);
    return { method: "arrows", moves, confirm: ENTER, targetIndex };
  }
  if (target.number === undefined || target.number > 9) return undefined;
  return { method: "number", moves: [String(target.number)], confirm: ENTER, targetIndex };
}
