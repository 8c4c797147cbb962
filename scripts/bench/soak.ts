// Soak (design/TARGETS.md "soak"; issue 16 Done-when 2): N Claude and M Codex sessions
// run T turns each, every turn a shell tool call through a PreToolUse/PostToolUse
// handler, against the scripted model server; then C start/close cycles in the same
// process. Heap after GC, RSS, open fds, active handles/timers and child processes are
// printed at start, middle and end of each part: flat means no leak.
//
//   npm run bench -- soak [--turns 200] [--claude 2] [--codex 2] [--cycles 100]

import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { ClaudeSession, CodexSession } from "../../src/agents.js";
import type { ClaudeHookHandlers } from "../../src/claude/hooks/handlers.js";
import type { CodexHookHandlers } from "../../src/codex/hooks/handlers.js";
import { createAgentHome, startScriptedModelServer } from "../../src/testing/index.js";
import { descendantsOf } from "../../test/support/process-table.js";

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

// A GC the bench can call without the caller remembering --expose-gc.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

export interface ProcessFigures {
  readonly heapMiB: number;
  readonly rssMiB: number;
  readonly fds: number;
  readonly handles: number;
  readonly timers: number;
  readonly children: number;
}

export function processFigures(): ProcessFigures {
  collectGarbage();
  collectGarbage();
  const memory = process.memoryUsage();
  const resources = process.getActiveResourcesInfo();
  const fds = process.platform === "linux" ? readdirSync("/proc/self/fd").length : Number.NaN;
  return {
    heapMiB: memory.heapUsed / 2 ** 20,
    rssMiB: memory.rss / 2 ** 20,
    fds,
    handles: resources.filter((kind) => kind !== "Timeout" && kind !== "Immediate").length,
    timers: resources.filter((kind) => kind === "Timeout").length,
    children: descendantsOf(process.pid).length,
  };
}

export function printFigures(label: string, figures: ProcessFigures): void {
  const { heapMiB, rssMiB, fds, handles, timers, children } = figures;
  console.log(
    `${label.padEnd(26)} heap ${heapMiB.toFixed(1).padStart(6)} MiB  rss ${rssMiB.toFixed(0).padStart(5)} MiB  fds ${String(fds).padStart(4)}  handles ${String(handles).padStart(3)}  timers ${String(timers).padStart(3)}  children ${String(children).padStart(3)}`,
  );
}

type AnySession = ClaudeSession | CodexSession;

export async function runBenchmark(args: readonly string[] = []): Promise<void> {
  const options = parseSoakArgs(args);
  console.log(
    `soak: ${options.claude} Claude + ${options.codex} Codex sessions × ${options.turns} turns (tool call + hooks each), then ${options.cycles} start/close cycles`,
  );
  const server = await startScriptedModelServer();
  const workspace = await realpath(await mkdtemp(join(tmpdir(), "elwood-soak-ws-")));
  execFileSync("git", ["init", "-q"], { cwd: workspace });
  const stateParent = await realpath(await mkdtemp(join(tmpdir(), "elwood-soak-state-")));
  const home = await createAgentHome({ server, trustedDirs: [workspace] });
  const common = {
    cwd: workspace,
    env: home.env,
    stateDir: join(stateParent, "state"),
    autotrust: true,
  };
  let toolHooks = 0;
  const claudeHooks: ClaudeHookHandlers = {
    PreToolUse: () => ({ permissionDecision: "allow", permissionDecisionReason: "soak" }),
    PostToolUse: () => {
      toolHooks += 1;
    },
  };
  const codexHooks: CodexHookHandlers = {
    PostToolUse: () => {
      toolHooks += 1;
    },
  };
  for (const [label, tool, input] of [
    ["claude", "Bash", (n: string) => ({ command: `echo soak-${n}` })],
    ["codex", "exec_command", (n: string) => ({ cmd: `echo soak-${n}` })],
  ] as const) {
    server.turn({
      match: new RegExp(`^${label} soak turn`),
      repeat: true,
      steps: [{ tool: { name: tool, input: input(label) } }, { say: `${label} turn done` }],
    });
  }
  server.turn({ match: /^cycle/, repeat: true, steps: [{ say: "cycle done" }] });
  const sessions: { label: string; session: AnySession }[] = [];
  for (let index = 0; index < options.claude; index += 1) {
    sessions.push({
      label: "claude",
      session: new ClaudeSession({ ...common, permissionMode: "default", hooks: claudeHooks }),
    });
  }
  for (let index = 0; index < options.codex; index += 1) {
    sessions.push({ label: "codex", session: new CodexSession({ ...common, hooks: codexHooks }) });
  }
  let failures = 0;
  try {
    await Promise.all(sessions.map(({ session }) => session.start()));
    await Promise.all(
      sessions.map(({ session }) => session.waitForStatus((status) => status === "ready", 120_000)),
    );
    printFigures("sessions ready (start)", processFigures());
    const middle = Math.floor(options.turns / 2);
    const started = performance.now();
    for (let turn = 1; turn <= options.turns; turn += 1) {
      const answers = await Promise.allSettled(
        sessions.map(({ label, session }) => session.send(`${label} soak turn ${turn}`)),
      );
      answers.forEach((answer, index) => {
        const label = sessions[index]?.label ?? "?";
        if (answer.status === "rejected" || !answer.value.includes(`${label} turn done`))
          failures += 1;
      });
      if (turn === middle) printFigures(`turn ${turn} (middle)`, processFigures());
    }
    printFigures(`turn ${options.turns} (end)`, processFigures());
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `turns: ${options.turns * sessions.length} sent, ${failures} failed, ${toolHooks} PostToolUse hooks, ${seconds.toFixed(0)} s`,
    );
  } finally {
    await Promise.allSettled(sessions.map(({ session }) => session.close()));
  }
  printFigures("sessions closed", processFigures());
  await runCycles(options.cycles, common);
  await server.close();
  await home.cleanup();
  await rm(workspace, { recursive: true, force: true });
  await rm(stateParent, { recursive: true, force: true });
}

// One process, many sessions in a row: each starts, answers one turn and closes.
async function runCycles(
  cycles: number,
  common: {
    cwd: string;
    env: Readonly<Record<string, string>>;
    stateDir: string;
    autotrust: boolean;
  },
): Promise<void> {
  if (cycles === 0) return;
  const before = processFigures();
  printFigures("cycles: before", before);
  let failures = 0;
  for (let cycle = 1; cycle <= cycles; cycle += 1) {
    const session: AnySession =
      cycle % 2 === 1
        ? new ClaudeSession({ ...common, permissionMode: "default" })
        : new CodexSession(common);
    try {
      const answer = await session.send(`cycle ${cycle}`);
      if (!answer.includes("cycle done")) failures += 1;
    } catch {
      failures += 1;
    } finally {
      await session.close().catch(() => undefined);
      await session.teardown().catch(() => undefined);
    }
    if (cycle === Math.floor(cycles / 2)) printFigures(`cycle ${cycle} (middle)`, processFigures());
  }
  // Let exited children be reaped and closed sockets drain before the last count.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  printFigures(`cycle ${cycles} (end)`, processFigures());
  console.log(`cycles: ${cycles} run, ${failures} failed`);
}
