// The built `elwood` executable (issue 27 "Done when" 2): options may stand before the
// command word, so `elwood --agent codex sessions`, `elwood --no-defaults config
// effective` and `elwood --output json sessions` run their commands and never ask the
// model; `elwood run sessions` makes the word a prompt, which the real Claude sends on.
import { execFileSync } from "node:child_process";
import { mkdtemp, realpath, rm } from "node:fs/promises";
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
import { assertBuilt, processesInHome, runBin } from "../support/cli-bin.js";
import { cliBinaryDir } from "../support/cli-binaries.js";
import { waitFor } from "../support/process-table.js";

let server: ScriptedModelServer;
let home: AgentHome;
let cwd: string;

beforeAll(async () => {
  assertBuilt();
  server = await startScriptedModelServer();
  home = await createAgentHome({
    server,
    cliPaths: [cliBinaryDir("claude"), cliBinaryDir("codex")],
  });
  cwd = await realpath(await mkdtemp(join(tmpdir(), "elwood-cli-words-")));
  execFileSync("git", ["init", "-q"], { cwd });
});

afterAll(async () => {
  const leaked = () => (home === undefined ? [] : processesInHome(home.home));
  await waitFor(() => leaked().length === 0, { timeoutMs: 10_000 });
  const left = leaked();
  await home?.cleanup();
  await server?.close();
  if (cwd !== undefined) await rm(cwd, { recursive: true, force: true });
  expect(left).toEqual([]);
});

const modelRequests = () => server.requests.filter((request) => request.api !== "other").length;

interface Listing {
  readonly type: string;
  readonly sessions: readonly { id: string; adapter: string }[];
}

describe("elwood command words after options", () => {
  let claudeSessionId: string;

  test("C-CLI-02: `elwood run sessions` sends the word to the model as the prompt", async () => {
    const answer = token("word-answer");
    server.turn({ match: (text) => text.trim() === "sessions", steps: [{ say: answer }] });
    const run = await runBin(["run", "--agent", "claude", "--output", "json", "sessions"], {
      cwd,
      env: home.env,
    });
    expect(JSON.parse(run.stdout)).toMatchObject({ type: "result", response: answer });
    expect(run.code).toBe(0);
    const asked = server.requests.filter((r) => !r.isAuxiliary && r.userText.trim() === "sessions");
    expect(asked).toHaveLength(1);
    claudeSessionId = (JSON.parse(run.stdout) as { sessionId: string }).sessionId;
  });

  test("C-CLI-02 C-CLI-24: `elwood --output json sessions` and `elwood --agent <a> sessions` list, and ask no model", async () => {
    expect(claudeSessionId).toEqual(expect.any(String));
    const before = modelRequests();
    const all = await runBin(["--output", "json", "sessions"], { cwd, env: home.env });
    expect(all.code).toBe(0);
    const listing = JSON.parse(all.stdout) as Listing;
    expect(listing.type).toBe("sessions");
    expect(listing.sessions.map((session) => session.id)).toContain(claudeSessionId);

    const codexOnly = await runBin(["--agent", "codex", "sessions", "--output", "json"], {
      cwd,
      env: home.env,
    });
    expect(codexOnly.code).toBe(0);
    expect((JSON.parse(codexOnly.stdout) as Listing).sessions).toEqual([]);
    const claudeOnly = await runBin(["--agent", "claude", "--output", "json", "sessions"], {
      cwd,
      env: home.env,
    });
    const claudeIds = (JSON.parse(claudeOnly.stdout) as Listing).sessions.map((s) => s.id);
    expect(claudeIds).toContain(claudeSessionId);
    // Text output with the flag first: the table, not an answer.
    const text = await runBin(["--agent", "claude", "sessions"], { cwd, env: home.env });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^ID +AGENT +LAST USED/);
    expect(text.stdout).toContain(claudeSessionId);
    expect(modelRequests()).toBe(before);
  });

  test("C-CLI-02 C-CLI-19: `elwood --no-defaults config effective` prints the settings, ignoring ELWOOD_*", async () => {
    const before = modelRequests();
    const run = await runBin(["--no-defaults", "config", "effective"], {
      cwd,
      env: { ...home.env, ELWOOD_OUTPUT: "jsonl", ELWOOD_AGENT: "codex" },
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      type: "effective-config",
      // Auto-detected through the home's login shell: the variable was ignored.
      agent: { value: "claude", source: "auto-detected" },
      output: { value: "text", source: "built-in" },
      configFile: null,
    });
    expect(modelRequests()).toBe(before);
  });
});
