// The short window after spawn in which an immediate exit or a known auth banner fails
// the start (lifecycle §1.3). It ends at the first sign of life from the agent (a hook,
// a rendered dialog or composer) and never grows into a wait for readiness.
import type { HookEventBase } from "../../bridge/catalogue.js";
import { ElwoodError } from "../../errors.js";
import type { ElwoodTerminal } from "../../terminal/terminal.js";
import type { AgentAdapter } from "../contract/adapter.js";
import type { SessionRuntime } from "../runtime/runtime.js";

export const EARLY_FAILURE_WINDOW_MS = 4000;

export async function waitForEarlyFailure<O, H, E extends HookEventBase>(options: {
  readonly adapter: AgentAdapter<O, H, E>;
  readonly runtime: SessionRuntime<O, H, E>;
  readonly terminal: ElwoodTerminal;
}): Promise<void> {
  const { adapter, runtime, terminal } = options;
  const unsubscribers: Array<() => void> = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, EARLY_FAILURE_WINDOW_MS);
      unsubscribers.push(() => clearTimeout(timer));
      unsubscribers.push(
        runtime.events.on("hook", () => resolve()),
        runtime.events.on("terminal:exit", (exit) => {
          // The CLI's last words (an error, a login banner) may still be waiting in the
          // parser when the exit arrives: read the screen once all received output is in.
          void terminal.settled().then(() => reject(exitError(adapter, terminal, exit.exitCode)));
        }),
        terminal.onRender(() => {
          const reading = readFrame(adapter, terminal);
          if (reading.isAuthFailure) {
            reject(notAuthenticated(adapter));
          } else if (reading.dialog !== undefined || reading.hasIdleComposer) {
            resolve();
          }
        }),
      );
    });
  } finally {
    for (const unsubscribe of unsubscribers) unsubscribe();
  }
}

function readFrame<O, H, E extends HookEventBase>(
  adapter: AgentAdapter<O, H, E>,
  terminal: ElwoodTerminal,
) {
  const frame = terminal.snapshot();
  return adapter.readScreen({ lines: frame.lines, cursor: frame.cursor, title: terminal.title });
}

function notAuthenticated<O, H, E extends HookEventBase>(
  adapter: AgentAdapter<O, H, E>,
): ElwoodError {
  return new ElwoodError(
    adapter.errorNames.notAuthenticated,
    `${adapter.displayName} reports that it is not logged in; run it once in a terminal and log in, then retry.`,
  );
}

// A login banner on the last screen is the more specific reason for the exit.
function exitError<O, H, E extends HookEventBase>(
  adapter: AgentAdapter<O, H, E>,
  terminal: ElwoodTerminal,
  exitCode: number,
): ElwoodError {
  if (readFrame(adapter, terminal).isAuthFailure) return notAuthenticated(adapter);
  const screen = terminal.snapshot().text.trim().split("\n").slice(-12).join("\n");
  return new ElwoodError(
    adapter.errorNames.startFailed,
    `${adapter.displayName} exited during startup (exit code ${exitCode}).`,
    { details: { exitCode, screen } },
  );
}
