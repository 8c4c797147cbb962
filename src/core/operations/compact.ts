// compact() (api.md "compact", C-API-22): waits for readiness like a message, types the
// CLI's compaction command, and resolves when the CLI's compaction-end hook arrives. No
// start hook within 3 s (or half a shorter timeout) → one recovery Enter through a safe
// screen. Timeout → compact_failed; termination → session_not_running.
import { ElwoodError } from "../../errors.js";
import { KEYS } from "../../terminal/input.js";
import { checkTimeoutOptions } from "../contract/call-arguments.js";
import type { CompactFacts } from "../contract/operation-facts.js";
import type { CompactOptions } from "../contract/session.js";
import { isTerminalStatus } from "../contract/status.js";
import { waitForSafeScreen } from "../screen/safe-screen.js";
import { type OperationContext, sleep } from "./context.js";

export const DEFAULT_COMPACT_TIMEOUT_MS = 120_000;
export const COMPACT_RECOVERY_MS = 3000;
const ENTER_SETTLE_MS = 150;

export function compactTimeout(options: CompactOptions | undefined): number {
  return checkTimeoutOptions(options, "compact()") ?? DEFAULT_COMPACT_TIMEOUT_MS;
}

function hookName(event: unknown): string | undefined {
  const name = (event as { hook_event_name?: unknown } | null)?.hook_event_name;
  return typeof name === "string" ? name : undefined;
}

/** Runs inside a readiness-waiting queue slot that does not consume the ready transition. */
export async function runCompact(
  context: OperationContext,
  facts: CompactFacts,
  timeoutMs: number,
): Promise<void> {
  let hasStarted = false;
  let settle: ((error?: Error) => void) | undefined;
  const done = new Promise<void>((resolve, reject) => {
    settle = (error) => (error === undefined ? resolve() : reject(error));
  });
  const unsubscribers = [
    context.events.on("hook", (event) => {
      const name = hookName(event);
      if (name === facts.startHook) hasStarted = true;
      if (name === facts.endHook) settle?.();
    }),
    context.events.on("status", (event) => {
      if (isTerminalStatus(event.status)) settle?.(context.lifetime.notRunning());
    }),
  ];
  const timer = setTimeout(
    () =>
      settle?.(
        new ElwoodError(
          "compact_failed",
          `${context.displayName} did not finish compacting within ${timeoutMs} ms (no ${facts.endHook} hook).`,
          { details: { timeoutMs, sawStart: hasStarted } },
        ),
      ),
    timeoutMs,
  );
  try {
    await waitForSafeScreen(context);
    context.terminal.sendInput(facts.command);
    await sleep(context, ENTER_SETTLE_MS);
    await waitForSafeScreen(context);
    context.terminal.sendInput(KEYS.enter);
    const recoveryMs = Math.min(COMPACT_RECOVERY_MS, Math.floor(timeoutMs / 2));
    const recovery = recoverIfNotStarted(context, recoveryMs, () => hasStarted, done);
    await Promise.race([done, recovery.then(() => done)]);
  } finally {
    clearTimeout(timer);
    for (const unsubscribe of unsubscribers) unsubscribe();
  }
}

// One recovery Enter when the start hook has not come, unless compaction already ended.
async function recoverIfNotStarted(
  context: OperationContext,
  afterMs: number,
  hasStarted: () => boolean,
  done: Promise<void>,
): Promise<void> {
  let isDone = false;
  done.then(
    () => (isDone = true),
    () => (isDone = true),
  );
  await sleep(context, afterMs);
  if (isDone || hasStarted() || context.lifetime.isClosed) return;
  await waitForSafeScreen(context).catch(() => undefined);
  if (isDone || hasStarted() || context.lifetime.isClosed) return;
  context.terminal.sendInput(KEYS.enter);
}
