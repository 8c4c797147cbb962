// What a session operation (compact, model pickers, login, images) may use of the live
// session: the terminal, the event surface, a safe-screen gate and the current screen
// reading. Operations run inside one control-queue slot and never consume the ready
// transition (api.md "Control queue": commands must not, or the session deadlocks).
import type { SessionContext } from "../context/session-context.js";

/** An operation sees the whole session context; it names no interface of its own. */
export type OperationContext = SessionContext;

/**
 * A sleep on the session clock that always resolves, early once the session closes: the
 * operation then finds the session closed at its next check and stops there.
 */
export function sleep(context: SessionContext, ms: number): Promise<void> {
  return context.lifetime.sleep(ms).catch(() => undefined);
}

/** The screen's lines once every byte received so far is rendered. */
export async function renderedLines(context: OperationContext): Promise<readonly string[]> {
  await context.terminal.settled();
  return context.terminal.snapshot().lines;
}

/** Resolves with the first value `probe` returns within `timeoutMs`; undefined on timeout. */
export async function pollScreen<T>(
  context: OperationContext,
  probe: (lines: readonly string[]) => T | undefined,
  timeoutMs: number,
  intervalMs = 100,
): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (context.lifetime.isClosed) throw context.lifetime.notRunning();
    const found = probe(await renderedLines(context));
    if (found !== undefined) return found;
    if (Date.now() >= deadline) return undefined;
    await sleep(context, intervalMs);
  }
}
