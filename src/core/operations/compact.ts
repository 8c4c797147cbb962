// compact() (C-API-22, prd/operations.md "compact()"): types the CLI's compaction command
// and resolves on its compaction-end hook, or for a CLI with none on the new outcome line
// it draws; one recovery Enter when the start hook is late.
import { ElwoodError } from "../../errors.js";
import { KEYS } from "../../terminal/input.js";
import type { SessionContext } from "../context/session-context.js";
import { checkTimeoutOptions } from "../contract/call-arguments.js";
import type { CompactFacts, CompactOutcomeFacts } from "../contract/operation-facts.js";
import { isTerminalStatus } from "../contract/status.js";
import { waitForSafeScreen } from "../screen/safe-screen.js";
import { newCompactOutcome } from "./compact-outcome.js";
import { renderedLines, sleep, typeCommand } from "./context.js";

const DEFAULT_COMPACT_TIMEOUT_MS = 120_000;
const COMPACT_RECOVERY_MS = 3000;
const OUTCOME_POLL_MS = 100;

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
      if (facts.endHook !== undefined && name === facts.endHook) settle();
    }),
    context.events.on("status", (event) => {
      if (isTerminalStatus(event.status)) settle(context.lifetime.notRunning());
    }),
    context.clock.set(() => {
      const end = facts.endHook === undefined ? "outcome line" : `${facts.endHook} hook`;
      const message = `${context.displayName} did not finish compacting within ${timeoutMs} ms (no ${end}).`;
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
    // The screen before the command: an outcome line already on it is an earlier one.
    const baseline = facts.outcome === undefined ? undefined : await renderedLines(context);
    await typeCommand(context, facts.command);
    if (facts.outcome !== undefined && baseline !== undefined) {
      void watchOutcome(context, facts.outcome, baseline, () => isDone)
        .catch(() => context.lifetime.notRunning())
        .then((error) => settle(error));
    }
    await Promise.race([done, recover().then(() => done)]);
  } finally {
    for (const dispose of disposers) dispose();
  }
}

/**
 * Polls the screen from the command's Enter until the CLI draws a new outcome line: undefined
 * when it says done, a compact_failed naming its line when it says not. Stops quietly once
 * the compaction settled some other way (timeout, exit).
 */
async function watchOutcome(
  context: SessionContext,
  facts: CompactOutcomeFacts,
  baseline: readonly string[],
  isSettled: () => boolean,
): Promise<Error | undefined> {
  while (!isSettled() && !context.lifetime.isClosed) {
    const outcome = newCompactOutcome(baseline, await renderedLines(context), facts);
    if (outcome?.kind === "done") return undefined;
    if (outcome?.kind === "failed") {
      const message = `${context.displayName} could not compact: ${outcome.line}`;
      return new ElwoodError("compact_failed", message, { details: { cliMessage: outcome.line } });
    }
    await sleep(context, OUTCOME_POLL_MS);
  }
  return context.lifetime.notRunning();
}
