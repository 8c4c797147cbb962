// compact() (C-API-22, prd/operations.md "compact()"): types the CLI's compaction command
// and resolves on its compaction-end hook; one recovery Enter when the start hook is late.
import { ElwoodError } from "../../errors.js";
import { KEYS } from "../../terminal/input.js";
import type { SessionContext } from "../context/session-context.js";
import { checkTimeoutOptions } from "../contract/call-arguments.js";
import type { CompactFacts } from "../contract/operation-facts.js";
import { isTerminalStatus } from "../contract/status.js";
import { waitForSafeScreen } from "../screen/safe-screen.js";
import { sleep, typeCommand } from "./context.js";

const DEFAULT_COMPACT_TIMEOUT_MS = 120_000;
const COMPACT_RECOVERY_MS = 3000;

export function compactTimeout(options: { readonly timeoutMs?: number } | undefined): number {
  return checkTimeoutOptions(options, "compact()") ?? DEFAULT_COMPACT_TIMEOUT_MS;
}

export async function runCompact(
  context: SessionContext,
  facts: CompactFacts,
  timeoutMs: number,
): Promise<void> {
  let hasStarted = false;
  let isDone = false;
  let settle: (error?: Error) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    settle = (error) => {
      isDone = true;
      if (error === undefined) resolve();
      else reject(error);
    };
  });
  const disposers = [
    context.events.on("hook", (event) => {
      const name = (event as { hook_event_name?: unknown } | null)?.hook_event_name;
      if (name === facts.startHook) hasStarted = true;
      if (name === facts.endHook) settle();
    }),
    context.events.on("status", (event) => {
      if (isTerminalStatus(event.status)) settle(context.lifetime.notRunning());
    }),
    context.clock.set(() => {
      const message = `${context.displayName} did not finish compacting within ${timeoutMs} ms (no ${facts.endHook} hook).`;
      const details = { timeoutMs, sawStart: hasStarted };
      settle(new ElwoodError("compact_failed", message, { details }));
    }, timeoutMs),
  ];
  // One recovery Enter when the start hook has not come, unless compaction already ended.
  const isPending = () => !isDone && !hasStarted && !context.lifetime.isClosed;
  const recover = async () => {
    await sleep(context, Math.min(COMPACT_RECOVERY_MS, Math.floor(timeoutMs / 2)));
    if (!isPending()) return;
    await waitForSafeScreen(context).catch(() => undefined);
    if (isPending()) context.terminal.sendInput(KEYS.enter);
  };
  try {
    await typeCommand(context, facts.command);
    await Promise.race([done, recover().then(() => done)]);
  } finally {
    for (const dispose of disposers) dispose();
  }
}
