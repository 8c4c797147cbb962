// Cold start (design/TARGETS.md): median time from the startClaude() call to `ready` in a
// pre-trusted git workspace, with and without a CLAUDE.md, next to the bare CLI's time to
// a usable composer when spawned through the same login shell and read with the same
// screen facts. Runs against the offline scripted model server; Elwood and bare runs
// alternate so both see the same machine load.

import { execFileSync } from "node:child_process";
import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { startClaude } from "../../src/agents.js";
import { claudeAdapter } from "../../src/claude/adapter.js";
import { loginShellCommand, resolveLoginShell } from "../../src/shell/login-shell.js";
import { reapProcessGroup } from "../../src/shell/reap.js";
import { spawnPty } from "../../src/terminal/pty-process.js";
import { DEFAULT_TERMINAL_SIZE, ElwoodTerminal } from "../../src/terminal/terminal.js";
import { createAgentHome, startScriptedModelServer } from "../../src/testing/index.js";
import { cliBinaryDir } from "../../test/support/cli-binaries.js";

const RUNS = 5;
const TIMEOUT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

async function elwoodToReady(
  cwd: string,
  env: Readonly<Record<string, string>>,
  stateDir: string,
): Promise<number> {
  const started = performance.now();
  const session = await startClaude({ cwd, env, stateDir });
  try {
    await session.waitForStatus((status) => status === "ready", TIMEOUT_MS);
    return performance.now() - started;
  } finally {
    await session.teardown().catch(() => session.kill().catch(() => undefined));
  }
}

/** The bare CLI through the same login shell, until the screen facts see an idle composer. */
async function bareToComposer(cwd: string, env: Readonly<Record<string, string>>): Promise<number> {
  const started = performance.now();
  const command = loginShellCommand({ shell: resolveLoginShell(), argv: ["claude"] });
  const pty = spawnPty({
    file: command.file,
    args: command.args,
    cwd,
    env,
    cols: DEFAULT_TERMINAL_SIZE.cols,
    rows: DEFAULT_TERMINAL_SIZE.rows,
  });
  const terminal = new ElwoodTerminal({ pty, size: DEFAULT_TERMINAL_SIZE });
  try {
    const deadline = started + TIMEOUT_MS;
    for (;;) {
      await terminal.settled();
      const snapshot = terminal.snapshot();
      const reading = claudeAdapter.readScreen({
        lines: snapshot.lines,
        cursor: snapshot.cursor,
        title: terminal.title,
      });
      if (reading.hasIdleComposer) return performance.now() - started;
      if (performance.now() > deadline) {
        throw new Error(
          `bare claude showed no composer within ${TIMEOUT_MS} ms:\n${snapshot.text}`,
        );
      }
      await sleep(10);
    }
  } finally {
    try {
      reapProcessGroup(pty.pid);
    } catch {
      // already gone
    }
    terminal.dispose();
  }
}

interface Row {
  readonly variant: string;
  readonly elwood: number[];
  readonly bare: number[];
}

export async function runBenchmark(): Promise<void> {
  const server = await startScriptedModelServer();
  const folders: string[] = [];
  const rows: Row[] = [];
  try {
    const plain = await realpath(await mkdtemp(join(tmpdir(), "elwood-bench-plain-")));
    const withMemory = await realpath(await mkdtemp(join(tmpdir(), "elwood-bench-memory-")));
    folders.push(plain, withMemory);
    for (const dir of [plain, withMemory]) execFileSync("git", ["init", "-q"], { cwd: dir });
    const memory = Array.from(
      { length: 40 },
      (_, line) => `- Project rule ${line + 1}: keep changes small and explain why.`,
    );
    await writeFile(join(withMemory, "CLAUDE.md"), `# Project notes\n\n${memory.join("\n")}\n`);
    const home = await createAgentHome({
      server,
      trustedDirs: [plain, withMemory],
      cliPaths: [cliBinaryDir("claude")],
    });
    folders.push(home.home);
    const stateParent = await mkdtemp(join(tmpdir(), "elwood-bench-state-"));
    folders.push(stateParent);

    for (const [variant, cwd] of [
      ["no CLAUDE.md", plain],
      ["with CLAUDE.md", withMemory],
    ] as const) {
      const row: Row = { variant, elwood: [], bare: [] };
      // One unmeasured warm-up of each, so disk caches do not favour whichever goes second.
      await bareToComposer(cwd, home.env);
      await elwoodToReady(cwd, home.env, join(stateParent, "warmup"));
      for (let run = 0; run < RUNS; run += 1) {
        row.bare.push(await bareToComposer(cwd, home.env));
        row.elwood.push(await elwoodToReady(cwd, home.env, join(stateParent, `run-${run}`)));
      }
      rows.push(row);
    }
    await home.cleanup();
  } finally {
    await server.close();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  }

  const format = (ms: number) => `${ms.toFixed(0)} ms`;
  console.table(
    rows.map((row) => ({
      workspace: row.variant,
      runs: RUNS,
      "elwood start→ready (median)": format(median(row.elwood)),
      "bare CLI → composer (median)": format(median(row.bare)),
      "elwood overhead": format(median(row.elwood) - median(row.bare)),
      "elwood min/max": `${format(Math.min(...row.elwood))} / ${format(Math.max(...row.elwood))}`,
      "bare min/max": `${format(Math.min(...row.bare))} / ${format(Math.max(...row.bare))}`,
    })),
  );
}
