// Soak (design/TARGETS.md "soak"; issue 16 Done-when 2): N Claude and M Codex sessions,
// each in its own workspace, agent home and state dir with its own model server, run T
// turns each (all sessions turn by turn together), every turn a shell tool call through
// PreToolUse/PostToolUse handlers; then C start/close cycles in the same process. Heap
// after GC, RSS, open fds, process listeners, handles, timers and child processes are
// printed at start, middle and end of each part: flat means no leak. The model servers
// run in a child process so their request logs stay out of the heap figures. A failed
// turn prints its error, the session status and the last screen lines.
//
//   npm run bench -- soak [--turns 200] [--claude 2] [--codex 2] [--cycles 100]

import { loadavg } from "node:os";
import { ClaudeSession, CodexSession } from "../../src/agents.js";
import type { ClaudeHookHandlers } from "../../src/claude/hooks/handlers.js";
import type { CodexHookHandlers } from "../../src/codex/hooks/handlers.js";
import { runCycles } from "./soak/cycles.js";
import { currentDescendants, printFigures, processFigures } from "./soak/figures.js";
import { startRemoteServers } from "./soak/remote-servers.js";
import { type SoakAgent, soakAnswer, soakPrompt } from "./soak/scenario.js";
import {
  createSurroundings,
  describeFailure,
  type SoakSurroundings,
} from "./soak/session-setup.js";

export { type ProcessFigures, printFigures, processFigures } from "./soak/figures.js";

export interface SoakOptions {
  readonly turns: number;
  readonly claude: number;
  readonly codex: number;
  readonly cycles: number;
}

export function parseSoakArgs(args: readonly string[]): SoakOptions {
  const value = (name: string, fallback: number): number => {
    const index = args.indexOf(`--${name}`);
    if (index < 0) return fallback;
    const parsed = Number(args[index + 1]);
    if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`--${name} needs a whole number`);
    return parsed;
  };
  return {
    turns: value("turns", 200),
    claude: value("claude", 2),
    codex: value("codex", 2),
    cycles: value("cycles", 100),
  };
}

const TURN_TIMEOUT_MS = 90_000;
const SHOWN_FAILURES_PER_SESSION = 3;

interface SoakSession {
  readonly name: string;
  readonly agent: SoakAgent;
  readonly session: ClaudeSession | CodexSession;
  readonly surroundings: SoakSurroundings;
  failures: number;
}

export async function runBenchmark(args: readonly string[] = []): Promise<void> {
  const options = parseSoakArgs(args);
  console.log(
    `soak: ${options.claude} Claude + ${options.codex} Codex sessions × ${options.turns} turns (tool call + hooks each), then ${options.cycles} start/close cycles; load ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  const agents: SoakAgent[] = [
    ...Array<SoakAgent>(options.claude).fill("claude"),
    ...Array<SoakAgent>(options.codex).fill("codex"),
  ];
  // One server per session plus one for the cycles.
  const remote = await startRemoteServers(agents.length + 1);
  const ignored = currentDescendants();
  let toolHooks = 0;
  const countHook = () => {
    toolHooks += 1;
  };
  const claudeHooks: ClaudeHookHandlers = {
    PreToolUse: () => {
      countHook();
      return { permissionDecision: "allow", permissionDecisionReason: "soak" };
    },
    PostToolUse: countHook,
  };
  const codexHooks: CodexHookHandlers = { PreToolUse: countHook, PostToolUse: countHook };
  const sessions: SoakSession[] = [];
  let failures = 0;
  try {
    for (const [index, agent] of agents.entries()) {
      const surroundings = await createSurroundings(remote.servers[index]!);
      const session =
        agent === "claude"
          ? new ClaudeSession({
              ...surroundings.options,
              permissionMode: "default",
              hooks: claudeHooks,
            })
          : new CodexSession({ ...surroundings.options, hooks: codexHooks });
      sessions.push({ name: `${agent}#${index}`, agent, session, surroundings, failures: 0 });
    }
    await Promise.all(sessions.map(({ session }) => session.start()));
    await Promise.all(
      sessions.map(({ session }) => session.waitForStatus((status) => status === "ready", 120_000)),
    );
    printFigures("sessions ready (start)", processFigures(ignored), bufferLines(sessions));
    // Quarter marks: one-time growth (JIT code, caches, bounded buffers filling) levels
    // off after the first quarter, a leak keeps growing at the same rate to the end.
    const marks = new Map([1, 2, 3, 4].map((q) => [Math.floor((options.turns * q) / 4), q]));
    const started = performance.now();
    for (let turn = 1; turn <= options.turns; turn += 1) {
      await Promise.all(sessions.map((entry) => runTurn(entry, turn)));
      const quarter = marks.get(turn);
      if (quarter === undefined) continue;
      const label = quarter === 2 ? "middle" : quarter === 4 ? "end" : `${quarter}/4`;
      printFigures(`turn ${turn} (${label})`, processFigures(ignored), bufferLines(sessions));
    }
    failures = sessions.reduce((sum, entry) => sum + entry.failures, 0);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `turns: ${options.turns * sessions.length} sent, ${failures} failed (${sessions.map((s) => `${s.name} ${s.failures}`).join(", ")}), ${toolHooks} tool hooks, ${seconds.toFixed(0)} s`,
    );
  } finally {
    await Promise.allSettled(
      sessions.map(({ session }) => session.close().catch(() => session.kill())),
    );
    await Promise.allSettled(sessions.map(({ surroundings }) => surroundings.cleanup()));
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  printFigures("sessions closed", processFigures(ignored));
  const cycleFailures = await runCycles(options.cycles, remote.servers.at(-1)!, ignored);
  const summary = await remote.close();
  console.log(
    `model servers: ${summary.requests} requests, ${summary.unmatched} unmatched, ${summary.httpErrors} HTTP errors; load ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  if (failures + cycleFailures > 0) process.exitCode = 1;
}

/** Rows of the sessions' rendered screens, summed (scrollback shows in heap and RSS). */
function bufferLines(sessions: readonly SoakSession[]): string {
  const lines = sessions.reduce(
    (sum, { session }) => sum + session.terminal.snapshot().lines.length,
    0,
  );
  return `  screen rows ${lines}`;
}

async function runTurn(entry: SoakSession, turn: number): Promise<void> {
  const { session, agent } = entry;
  let failure: string | undefined;
  try {
    const reply = await session.send(soakPrompt(agent, turn), { timeoutMs: TURN_TIMEOUT_MS });
    if (!reply.includes(soakAnswer(agent))) failure = describeFailure(session, { reply });
  } catch (error) {
    failure = describeFailure(session, { error });
  }
  if (failure === undefined) return;
  entry.failures += 1;
  if (entry.failures <= SHOWN_FAILURES_PER_SESSION)
    console.log(`  ✗ ${entry.name} turn ${turn}: ${failure}`);
}
