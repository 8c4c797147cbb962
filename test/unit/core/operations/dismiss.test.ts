// dismiss() (prd/operations.md "login()", "Dismissal"): one key per stage, each sent only
// once the last one showed its effect or its wait ran out. Under load Claude showed a
// closed stage late; the old per-key wait then sent a third Escape to the empty composer,
// and two such Escapes open Claude's Rewind dialog, which swallowed the next prompt.
import { describe, expect, test } from "vitest";
import type { TerminalPort } from "../../../../src/core/contract/ports.js";
import { dismiss } from "../../../../src/core/operations/context.js";
import { fakeOperationContext } from "./fake-operation-context.js";

const ESC = "\x1b";

/**
 * A two-stage dialog ("code" → "methods" → closed) whose Escapes take `lagMs` to show. With
 * `between`, each Escape's effect is first painted as that frame for `betweenMs` (a dialog
 * painted halfway, or a picker gone with the composer not yet back).
 */
function slowDialog(options: {
  readonly lagMs: number;
  readonly dropFirst?: boolean;
  readonly between?: string;
  readonly betweenMs?: number;
}) {
  const stages = ["code", "methods", "composer"];
  let shown = 0;
  let transient: string | undefined;
  let pending = 0;
  let strayKeys = 0;
  let keys = 0;
  const terminal = {
    size: { cols: 80, rows: 24 },
    settled: async () => undefined,
    snapshot: () => {
      const lines = [transient ?? stages[shown] ?? "composer"];
      return { lines, text: lines.join("\n"), cursor: { x: 0, y: 0, isVisible: false } };
    },
    sendInput(data: string | Uint8Array) {
      if (String(data) !== ESC) return;
      keys += 1;
      if (options.dropFirst === true && keys === 1) return;
      // The CLI moves one stage per Escape it gets; one that reaches the composer is stray.
      pending += 1;
      if (shown + pending > stages.length - 1) strayKeys += 1;
      const advance = () => {
        transient = undefined;
        pending -= 1;
        shown = Math.min(stages.length - 1, shown + 1);
      };
      setTimeout(() => {
        if (options.between === undefined) return advance();
        transient = options.between;
        setTimeout(advance, options.betweenMs ?? 0);
      }, options.lagMs);
    },
  } as unknown as TerminalPort;
  const context = fakeOperationContext({ displayName: "Claude Code", terminal });
  return {
    context,
    keys: () => keys,
    strayKeys: () => strayKeys,
    isClosed: () => shown === stages.length - 1,
  };
}

const close = (waitMs: number) => ({
  isOpen: (lines: readonly string[]) => lines[0] !== "composer",
  // "half" is a frame that shows no known stage.
  stageOf: (lines: readonly string[]) => (lines[0] === "half" ? undefined : lines[0]),
  key: ESC,
  attempts: 3,
  waitMs,
});

describe("dismiss()", () => {
  test("the next Escape goes as soon as the last one's stage change shows, not after its whole wait", async () => {
    const dialog = slowDialog({ lagMs: 100 });
    const started = Date.now();
    await dismiss(dialog.context, close(3000));
    expect(dialog.isClosed()).toBe(true);
    expect(dialog.keys()).toBe(2);
    expect(dialog.strayKeys()).toBe(0);
    // Waiting for the close alone would have sent the second Escape only at 3000 ms.
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test("a frame painted halfway between stages is not taken for the Escape's effect", async () => {
    const dialog = slowDialog({ lagMs: 100, between: "half", betweenMs: 400 });
    await dismiss(dialog.context, close(3000));
    expect(dialog.isClosed()).toBe(true);
    expect(dialog.keys()).toBe(2);
    expect(dialog.strayKeys()).toBe(0);
  });

  test("an Escape that shows nothing within its wait is sent again (a dropped key)", async () => {
    const dialog = slowDialog({ lagMs: 20, dropFirst: true });
    await dismiss(dialog.context, close(200));
    expect(dialog.isClosed()).toBe(true);
    expect(dialog.keys()).toBe(3);
    expect(dialog.strayKeys()).toBe(0);
  });
});
