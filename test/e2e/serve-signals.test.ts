// `elwood serve` as a process (issue 14 "Done when" 4, C-APP-08): the first stdout line is
// the page URL with the token; SIGINT kills every session at once and SIGTERM stops them
// gracefully, and either way the server exits leaving no agent process behind.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import type { ElwoodAgentKind } from "../../src/agents.js";
import {
  descendantsOf,
  isProcessAlive,
  listProcesses,
  processesInGroup,
  waitFor,
} from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";
import { ServeClient } from "../support/serve-client.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const newFixture = useRealCliFixture({ trusted: true });

async function firstLine(child: ChildProcess): Promise<string> {
  if (child.stdout === null) throw new Error("no stdout");
  const lines = createInterface({ input: child.stdout });
  const [line] = (await once(lines, "line")) as [string];
  lines.close();
  return line;
}

const cases: { signal: NodeJS.Signals; agent: ElwoodAgentKind; exitCode: number }[] = [
  { signal: "SIGINT", agent: "claude", exitCode: 130 },
  { signal: "SIGTERM", agent: "codex", exitCode: 0 },
];

describe.each(cases)("elwood serve stopped by $signal", ({ signal, agent, exitCode }) => {
  test(`C-APP-08: a live ${agent} session is gone and the server exits ${exitCode}`, async () => {
    const fx = await newFixture({ cli: agent });
    const child = spawn(
      process.execPath,
      ["--import", "tsx", join(ROOT, "src/cli/main.ts"), "serve", "--state-dir", fx.stateDir],
      { cwd: ROOT, env: { ...fx.home.env }, stdio: ["ignore", "pipe", "pipe"] },
    );
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
    const [code] = (await exited) as [number | null];
    expect(code).toBe(exitCode);
    const gone = () =>
      agents.every((entry) => !isProcessAlive(entry.pid)) &&
      [...groups].every((group) => processesInGroup(group).length === 0);
    expect(await waitFor(gone, { timeoutMs: 10_000 })).toBe(true);
  });
});
