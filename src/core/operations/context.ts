// What a session operation (compact, model pickers, login, images) may use of the live
// session: the terminal, the event surface, a safe-screen gate and the current screen
// reading. Operations run inside one control-queue slot and never consume the ready
// transition (api.md "Control queue": commands must not, or the session deadlocks).
import type { ElwoodError } from "../../errors.js";
import type { SessionEvents } from "../context/session-events.js";
import type { ScreenReading } from "../contract/adapter.js";
import type { TerminalPort } from "../contract/ports.js";
import type { ElwoodSessionStatus } from "../contract/status.js";

export interface OperationContext {
  readonly displayName: string;
  readonly terminal: TerminalPort;
  readonly events: SessionEvents;
  status(): ElwoodSessionStatus;
  /** Waits until everything received is rendered and no dialog is up (C-API-56). */
  waitForSafeScreen(): Promise<void>;
  /** The adapter's reading of the current frame, evaluated now. */
  reading(): ScreenReading | undefined;
  isClosed(): boolean;
  notRunning(): ElwoodError;
}

/** A plain timer sleep that always resolves (the session's timers are cleared at close). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
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
    if (context.isClosed()) throw context.notRunning();
    const found = probe(await renderedLines(context));
    if (found !== undefined) return found;
    if (Date.now() >= deadline) return undefined;
    await sleep(intervalMs);
  }
}
