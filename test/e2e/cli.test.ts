// The built `elwood` executable against the real pinned CLIs and the scripted model
// server (issue 13 "Done when" 1–4 and 6): JSON runs and resume for both agents, JSONL
// and text output on a tool turn, the sessions listing, exit statuses for a bad flag,
// a timeout, SIGINT and a missing agent, and the live status line on a terminal only.
// One model server and one agent home serve the whole file; each test uses its own
// workspace, and nothing may be left running in the home afterwards.
import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type AgentHome,
  createAgentHome,
  type ScriptedModelServer,
  startScriptedModelServer,
} from "../../src/testing/index.js";
import { token } from "../support/claude-e2e.js";
import { assertBuilt, ELWOOD_BIN, processesInHome, runBin } from "../support/cli-bin.js";
import { cliBinaryDir } from "../support/cli-binaries.js";
import { waitFor } from "../support/process-table.js";

let server: ScriptedModelServer;
let home: AgentHome;
const folders: string[] = [];
const kept: { id: string; agent: string; workspace: string }[] = [];

beforeAll(async () => {
  assertBuilt();
  server = await startScriptedModelServer();
  home = await createAgentHome({
    server,
    cliPaths: [cliBinaryDir("claude"), cliBinaryDir("codex")],
  });
});

afterAll(async () => {
  // No agent, shell or hook client may outlive the runs (C-LIFE-10 for the CLI).
  await waitFor(() => processesInHome(home.home).length === 0, { timeoutMs: 10_000 }).catch(
    () => undefined,
  );
  const leaked = processesInHome(home.home);
  await home?.cleanup();
  await server?.close();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
  expect(leaked).toEqual([]);
});

async function workspace(): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), "elwood-cli-ws-")));
  folders.push(dir);
  execFileSync("git", ["init", "-q"], { cwd: dir });
  return dir;
}

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { ...home.env, ...extra };
}

function conversation(request: { body: unknown }): string {
  return JSON.stringify(request.body);
}

describe.each(["claude", "codex"] as const)("elwood --agent %s", (agent) => {
  test("C-CLI-11 C-CLI-23 C-CLI-08: --output json prints one v1 document, and resume continues the conversation", async () => {
    const cwd = await workspace();
    const first = token("first-answer");
    const second = token("second-answer");
    const question = token("first-question");
    server.turn({ match: question, steps: [{ say: first }] });
    const run = await runBin(["--agent", agent, "--output", "json", question], { cwd, env: env() });
    expect(run.stderr).not.toContain("\x1b");
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(document).toMatchObject({
      schemaVersion: 1,
      type: "result",
      agent,
      response: first,
      cleanup: { status: "kept" },
    });
    expect(run.stdout.trim().split("\n")).toHaveLength(1);
    expect(Number.isInteger(document.durationMs)).toBe(true);
    const id = document.sessionId as string;
    expect(typeof id).toBe("string");
    kept.push({ id, agent, workspace: cwd });

    const followUp = token("follow-up");
    server.turn({ match: followUp, steps: [{ say: second }] });
    const resumed = await runBin(["resume", id, "--output", "json", followUp], {
      cwd: tmpdir(),
      env: env(),
    });
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({
      type: "result",
      agent,
      response: second,
      sessionId: id,
    });
    const request = server.requests.find(
      (r) => !r.isAuxiliary && conversation(r).includes(followUp),
    );
    expect(request).toBeDefined();
    // The same conversation: the earlier question and answer went back to the model.
    expect(conversation(request!)).toContain(question);
    expect(conversation(request!)).toContain(first);
  });
});
