// A session context for screen-watcher unit tests: the frame the watcher reads, the keys it
// writes and the blocks it reports, on the real session clock (fake timers drive it).

import { SessionClock } from "../../../../src/core/context/clock.js";
import type { SessionContext } from "../../../../src/core/context/session-context.js";
import type { ScreenReading } from "../../../../src/core/contract/adapter.js";
import type { ScreenEdges } from "../../../../src/core/screen/screen-watcher.js";

export interface WatcherWorld {
  readonly context: SessionContext;
  /** Keys the watcher wrote, in order. */
  readonly keys: string[];
  /** Each block the watcher reported: the rule ids of its attention. */
  readonly blocks: string[][];
  /** Startup prompts the watcher reported answered, by label. */
  readonly answered: string[];
  /** Startup prompts whose answer could not be written, by label (from the warning). */
  readonly writeFailures: string[];
}

export function watcherWorld(options: {
  readonly read: () => ScreenReading;
  readonly renders: () => number;
  readonly hasBeenReady: boolean;
  /** How many writes fail (as a PTY that refuses input) before writes succeed. */
  readonly failingWrites?: number;
}): WatcherWorld {
  const keys: string[] = [];
  const blocks: string[][] = [];
  const answered: string[] = [];
  const writeFailures: string[] = [];
  let failingWrites = options.failingWrites ?? 0;
  const context = {
    displayName: "Fake",
    clock: new SessionClock(),
    screen: {
      read: options.read,
      get renderCount() {
        return options.renders();
      },
    },
    terminal: {
      sendInput: (data: string) => {
        if (failingWrites > 0) {
          failingWrites -= 1;
          throw new Error("EIO: the PTY refused the write");
        }
        keys.push(data);
      },
    },
    status: {
      get isBlocked() {
        return blocks.length > 0;
      },
      hasBeenReady: options.hasBeenReady,
      apply: () => undefined,
    },
    events: {
      emitAttention: (ruleIds: readonly string[]) => blocks.push([...ruleIds]),
      emitStartupPrompt: (label: string) => answered.push(label),
      emitWarning: (warning: { readonly code: string; readonly label?: string }) => {
        if (warning.code === "startup_prompt_write_failed" && warning.label !== undefined) {
          writeFailures.push(warning.label);
        }
      },
    },
    lifetime: { isClosed: false },
  } as unknown as SessionContext;
  return { context, keys, blocks, answered, writeFailures };
}

/** Edges that do nothing. */
export function quietEdges(): ScreenEdges {
  return {
    onFrame: () => {},
    onWorkingEdge: () => {},
    onIdleEdge: () => {},
    onDialogCleared: () => {},
  };
}
