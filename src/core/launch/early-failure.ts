// The short window after spawn in which an immediate exit or a known auth banner fails
// the start (lifecycle §1.3). It ends at the first sign of life from the agent (a hook,
// a rendered dialog or composer) and never grows into a wait for readiness.
import { ElwoodError } from "../../errors.js";
import type { SessionContext } from "../context/session-context.js";
import type { AgentAdapter } from "../contract/adapter.js";

export const EARLY_FAILURE_WINDOW_MS = 4000;

/** What the window needs of the adapter: the names its start errors carry. */
type Names = Pick<AgentAdapter<unknown, unknown>, "displayName" | "errorNames">;

export async function waitForEarlyFailure(adapter: Names, context: SessionContext): Promise<void> {
  const { events, terminal, clock, screen } = context;
  const unsubscribers: Array<() => void> = [];
  try {
    await new Promise<void>((resolve, reject) => {
      unsubscribers.push(
        clock.set(resolve, EARLY_FAILURE_WINDOW_MS),
        events.on("hook", () => resolve()),
        events.on("terminal:exit", (exit) => {
          // The CLI's last words (an error, a login banner) may still be waiting in the
          // parser when the exit arrives: read the screen once all received output is in.
          void terminal.settled().then(() => reject(exitError(adapter, context, exit.exitCode)));
        }),
        terminal.onRender(() => {
          const reading = screen.read();
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

function notAuthenticated(adapter: Names): ElwoodError<string> {
  return new ElwoodError<string>(
    adapter.errorNames.notAuthenticated,
    `${adapter.displayName} reports that it is not logged in; run it once in a terminal and log in, then retry.`,
  );
}

// A login banner on the last screen is the more specific reason for the exit.
function exitError(adapter: Names, context: SessionContext, exitCode: number): ElwoodError<string> {
  const { terminal, screen } = context;
  if (screen.read().isAuthFailure) return notAuthenticated(adapter);
  const text = terminal.snapshot().text.trim().split("\n").slice(-12).join("\n");
  return new ElwoodError<string>(
    adapter.errorNames.startFailed,
    `${adapter.displayName} exited during startup (exit code ${exitCode}).`,
    { details: { exitCode, screen: text } },
  );
}
