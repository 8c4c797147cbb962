// `elwood serve` as a process (issue 14 "Done when" 4, C-APP-08): the first stdout line is
// the page URL with the token; SIGINT kills every session at once while SIGTERM and SIGHUP
// stop them gracefully (told apart by what the agent receives: a graceful stop asks with
// SIGHUP first, a kill never asks), and either way the server exits leaving no agent
// process behind, without ever having read its stdin. Each signal with a live session of
// every agent of the one table (support/agent-table.ts).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { closeSync, constants, openSync, readSync, writeSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { ELWOOD_AGENTS } from "../../src/agents.js";
import { AGENT_ROWS } from "../support/agent-table.js";
import { CLI_NAMES, cliBinary } from "../support/cli-binaries.js";
import {
  descendantsOf,
  isProcessAlive,
  listProcesses,
  processesInGroup,
  survivorsInHome,
  waitFor,
} from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";
import { ServeClient } from "../support/serve-client.js";
import { elwoodArgv } from "../support/serve-process.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const newFixture = useRealCliFixture();

async function firstLine(child: ChildProcess): Promise<string> {
  if (child.stdout === null) throw new Error("no stdout");
  const lines = createInterface({ input: child.stdout });
  const [line] = (await once(lines, "line")) as [string];
  lines.close();
  return line;
}

/**
 * A folder with each agent's command that runs the real one as its child on the same
 * terminal and appends "SIGHUP" to `log` for each SIGHUP it gets (passing it on), so a
 * graceful stop is visible from outside and a kill is not.
 */
async function hangupReporters(log: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "elwood-hup-"));
  for (const name of CLI_NAMES) {
    const binary = ELWOOD_AGENTS.get(name).binary;
    const script = `#!${process.execPath}
const { spawn } = require("node:child_process");
const { appendFileSync } = require("node:fs");
const child = spawn(${JSON.stringify(cliBinary(name))}, process.argv.slice(2), { stdio: "inherit" });
process.on("SIGHUP", () => { appendFileSync(${JSON.stringify(log)}, "SIGHUP\\n"); child.kill("SIGHUP"); });
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
`;
    await writeFile(join(dir, binary), script);
    await chmod(join(dir, binary), 0o755);
  }
  return dir;
}

/**
 * A FIFO opened read-write and non-blocking, with a line already in it: given to the
 * server as stdin, whatever the server does not read is still there afterwards.
 */
function unreadStdin(dir: string): { fd: number; leftover(): string } {
  const fifo = join(dir, "stdin.fifo");
  execFileSync("mkfifo", [fifo]);
  const fd = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
  const writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
  writeSync(writer, "typed at the server's terminal\n");
  closeSync(writer);
  return {
    fd,
    leftover() {
      const buffer = Buffer.alloc(1024);
      try {
        return buffer.subarray(0, readSync(fd, buffer)).toString("utf8");
      } catch {
        return ""; // EAGAIN: nothing left, someone read it
      } finally {
        closeSync(fd);
      }
    },
  };
}

interface SignalCase {
  readonly signal: NodeJS.Signals;
  readonly exitCode: number;
  readonly graceful: boolean;
}

const KILL: SignalCase = { signal: "SIGINT", exitCode: 130, graceful: false };
const GRACEFUL: readonly SignalCase[] = [
  { signal: "SIGTERM", exitCode: 0, graceful: true },
  { signal: "SIGHUP", exitCode: 0, graceful: true },
  // Job control (lifecycle §3: SIGTERM, SIGHUP and SIGTTIN clean up).
  { signal: "SIGTTIN", exitCode: 0, graceful: true },
];

// Every agent is killed once and stopped gracefully once; the three signals that stop
// gracefully take the same path in serve, so each agent gets one of them in turn (every
// one of them is sent) rather than all three.
const cases = AGENT_ROWS.flatMap((row, index) =>
  [KILL, GRACEFUL[index % GRACEFUL.length] as SignalCase].map((signalCase) => ({
    row,
    ...signalCase,
  })),
);

describe.each(cases)("elwood serve stopped by $signal", ({ row, signal, exitCode, graceful }) => {
  test(`C-APP-08: a live ${row.agent} session is ${graceful ? "stopped gracefully" : "killed at once"}, the server exits ${exitCode}, and stdin is never read`, async () => {
    const { agent } = row;
    const scratch = await mkdtemp(join(tmpdir(), "elwood-serve-signals-"));
    const log = join(scratch, "hangups.log");
    const wrappers = await hangupReporters(log);
    const fx = await newFixture({
      ...row.fixture,
      extraProfile: [`PATH=${wrappers}:"$PATH"; export PATH`],
    });
    fx.defer(() => rm(scratch, { recursive: true, force: true }));
    fx.defer(() => rm(wrappers, { recursive: true, force: true }));
    const stdin = unreadStdin(scratch);
    const child = spawn(process.execPath, elwoodArgv(["serve", "--state-dir", fx.stateDir]), {
      cwd: ROOT,
      env: { ...fx.home.env },
      stdio: [stdin.fd, "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const exited = once(child, "exit");
    fx.defer(() => {
      if (child.exitCode === null) child.kill("SIGKILL");
    });

    const line = await firstLine(child);
    const match = /^Elwood web: (http:\/\/127\.0\.0\.1:\d+)\/#token=([0-9a-f]{64})$/.exec(line);
    expect(match, `first line was ${JSON.stringify(line)}; stderr: ${stderr}`).not.toBeNull();
    const client = new ServeClient(match?.[1] ?? "", match?.[2] ?? "");
    const started = await client.call("POST", "/api/sessions", {
      agent,
      cwd: fx.workspace,
      autotrust: true,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const agents = descendantsOf(child.pid ?? -1);
    expect(agents.length).toBeGreaterThan(0);
    // The agents' own process groups (the PTY makes one per session), not the test's.
    const ownGroup = listProcesses().find((entry) => entry.pid === process.pid)?.pgid;
    const groups = new Set(agents.map((entry) => entry.pgid).filter((pgid) => pgid !== ownGroup));
    expect(groups.size).toBeGreaterThan(0);

    child.kill(signal);
    // Bounded: a signal the server does not handle may stop it instead of ending it.
    const [code] = (await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve(["no exit within 30 s"]), 30_000)),
    ])) as [number | string | null];
    expect(code).toBe(exitCode);
    const gone = () =>
      agents.every((entry) => !isProcessAlive(entry.pid)) &&
      [...groups].every((group) => processesInGroup(group).length === 0);
    expect(await waitFor(gone, { timeoutMs: 10_000 })).toBe(true);
    expect(await survivorsInHome(fx.home.home)).toEqual([]);
    // Graceful: the agent was asked with SIGHUP first. A kill never asks.
    const hangups = await readFile(log, "utf8").catch(() => "");
    expect(hangups.includes("SIGHUP")).toBe(graceful);
    expect(stdin.leftover()).toBe("typed at the server's terminal\n");
  });
});
