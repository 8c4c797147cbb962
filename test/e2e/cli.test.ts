// The built `elwood` executable against the real pinned CLIs and the scripted model
// server (issue 13 "Done when" 1–4 and 6): JSON runs and resume for both agents, JSONL
// and text output on a tool turn, the sessions listing, exit statuses for a bad flag,
// a timeout, SIGINT and a missing agent, and the live status line on a terminal only.
// One model server and one agent home serve the whole file; each test uses its own
// workspace, and nothing may be left running in the home afterwards.
import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, readFile, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawn as spawnPty } from "node-pty";
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

// The start-up grace prd/decisions.md names for C-CLI-05, written out as the spec's number.
const SPEC_STARTUP_GRACE_MS = 15_000;

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

/**
 * Killed processes of a run's group may still be exiting when the run's own process is
 * gone, so this waits (bounded) for the home to empty, and fails naming what is left.
 */
async function expectNothingRunningFromHome(): Promise<void> {
  const empty = await waitFor(() => processesInHome(home.home).length === 0, {
    timeoutMs: 10_000,
  });
  expect(empty, `still running from the agent home: ${processesInHome(home.home)}`).toBe(true);
}

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

describe("elwood output on a tool turn (Claude)", () => {
  test("C-CLI-11: --output jsonl prints ordered records with elapsedMs, a tool record and exactly one result record", async () => {
    const cwd = await workspace();
    const question = token("tool-question");
    const answer = token("tool-answer");
    server.turn({
      match: question,
      steps: [{ tool: { name: "Bash", input: { command: "echo elwood" } } }, { say: answer }],
    });
    const run = await runBin(["--agent", "claude", "--output", "jsonl", question], {
      cwd,
      env: env(),
    });
    const records = run.stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const [index, record] of records.entries()) {
      expect(record.schemaVersion).toBe(1);
      expect(record.seq).toBe(index);
      expect(Number.isInteger(record.elapsedMs)).toBe(true);
    }
    // The terminal record first: on a failure it names the error code and message.
    expect(records.at(-1)).toMatchObject({ type: "result", response: answer, agent: "claude" });
    expect(run.code).toBe(0);
    const types = records.map((record) => record.type);
    expect(types.filter((type) => type === "result" || type === "error")).toEqual(["result"]);
    expect(types.at(-1)).toBe("result");
    expect(records).toContainEqual(
      expect.objectContaining({ type: "tool", phase: "call", name: "Bash" }),
    );
    expect(records).toContainEqual(expect.objectContaining({ type: "text", text: answer }));
    expect(records.at(-1)).toMatchObject({ response: answer, agent: "claude" });
    const elapsed = records.map((record) => record.elapsedMs as number);
    expect([...elapsed].sort((a, b) => a - b)).toEqual(elapsed);
  });

  test("C-CLI-10 C-CLI-27: plain text prints only the reply and one newline; the workspace holds no Elwood state", async () => {
    const cwd = await workspace();
    const question = token("text-question");
    const answer = token("text-answer");
    server.turn({ match: question, steps: [{ say: answer }] });
    const run = await runBin(["--agent", "claude", question], { cwd, env: env() });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${answer}\n`);
    expect(run.stderr).toBe("");
    expect(await readdir(cwd)).toEqual([".git"]);
  });
});

describe("elwood --persona", () => {
  test("C-CLI-08: the persona is a separate setup turn whose reply is discarded", async () => {
    const cwd = await workspace();
    const persona = token("persona");
    const question = token("persona-question");
    const answer = token("persona-answer");
    server.turn({ match: persona, steps: [{ say: token("persona-reply") }] });
    server.turn({ match: question, steps: [{ say: answer }] });
    const run = await runBin(
      ["--agent", "codex", "--ephemeral", "--persona", persona, "--output", "json", question],
      {
        cwd,
        env: env(),
      },
    );
    // The document first: on a failure it names the error code and message.
    expect(JSON.parse(run.stdout)).toMatchObject({
      type: "result",
      response: answer,
      cleanup: { status: "torn_down" },
    });
    expect(run.code).toBe(0);
    const asked = server.requests.filter((r) => !r.isAuxiliary).map(conversation);
    const personaAt = asked.findIndex((text) => text.includes(persona));
    const questionAt = asked.findIndex((text) => text.includes(question));
    expect(personaAt).toBeGreaterThanOrEqual(0);
    expect(questionAt).toBeGreaterThan(personaAt);
  });
});

describe("elwood sessions", () => {
  test("C-CLI-24 C-CLI-16: --output json lists the kept sessions newest first, outside every workspace", async () => {
    expect(kept.length).toBeGreaterThanOrEqual(2);
    const run = await runBin(["sessions", "--output", "json"], { cwd: tmpdir(), env: env() });
    expect(run.code).toBe(0);
    const listing = JSON.parse(run.stdout) as {
      type: string;
      stateDir: string;
      sessions: Record<string, unknown>[];
    };
    expect(listing.type).toBe("sessions");
    expect(listing.stateDir).toBe(join(home.home, ".local", "state", "elwood"));
    for (const session of kept) {
      expect(listing.sessions).toContainEqual({
        id: session.id,
        adapter: session.agent,
        workspace: session.workspace,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        lastUsedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        resumable: true,
        live: false,
      });
      expect(await readdir(session.workspace)).toEqual([".git"]);
    }
    const used = listing.sessions.map((session) => session.lastUsedAt as string);
    expect([...used].sort().reverse()).toEqual(used);
  });
});

describe("elwood models", () => {
  test("C-CLI-26: --output json lists both agents' pickers, and nothing is left running or kept", async () => {
    const cwd = await workspace();
    const stateDir = join(cwd, "..", `${cwd.split("/").pop()}-state`);
    folders.push(stateDir);
    const run = await runBin(["models", "--output", "json", "--state-dir", stateDir], {
      cwd,
      env: env(),
    });
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout) as {
      type: string;
      agents: { agent: string; models: { id: string; isCurrent: boolean }[] }[];
      errors: unknown[];
    };
    expect(document.type).toBe("models");
    expect(document.errors).toEqual([]);
    expect(document.agents.map((entry) => entry.agent)).toEqual(["claude", "codex"]);
    for (const entry of document.agents) {
      expect(entry.models.length).toBeGreaterThanOrEqual(2);
      expect(entry.models.filter((model) => model.isCurrent)).toHaveLength(1);
    }
    expect(document.agents[1]?.models.map((model) => model.id)).toContain("scripted-model-alt");
    await expectNothingRunningFromHome();
    expect(await readdir(join(stateDir, "sessions")).catch(() => [])).toEqual([]);
  });

  test("C-CLI-26: --agent codex prints a text table with the current model starred", async () => {
    const run = await runBin(["models", "--agent", "codex"], {
      cwd: await workspace(),
      env: env(),
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\* {2}scripted-model {2,}scripted-model {2,}\(default\)/m);
    expect(run.stdout).toMatch(/^ {3}scripted-model-alt {2}/m);
  });
});

describe("elwood exit statuses", () => {
  test("C-CLI-20 C-CLI-17: an unknown option exits 2 and names the nearest valid one", async () => {
    const run = await runBin(["--outptu", "json", "hello"], { cwd: tmpdir(), env: env() });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--outptu");
    expect(run.stderr).toContain("did you mean --output?");
    expect(run.stdout).toBe("");
  });

  test("C-CLI-07 C-LIFE-10: --timeout 2s on a slow turn exits 124 and leaves no process", async () => {
    const cwd = await workspace();
    const question = token("slow-question");
    server.turn({ match: question, steps: [{ pause: 60_000 }, { say: "too late" }] });
    const run = await runBin(
      ["--agent", "claude", "--timeout", "2s", "--output", "json", question],
      {
        cwd,
        env: env(),
      },
    );
    expect(run.code).toBe(124);
    expect(JSON.parse(run.stdout)).toMatchObject({ type: "error", error: { code: "timeout" } });
    await expectNothingRunningFromHome();
  });

  test("C-CLI-07 C-LIFE-10: SIGINT during a turn exits 130 and leaves no process", async () => {
    const cwd = await workspace();
    const question = token("interrupted-question");
    server.turn({ match: question, steps: [{ pause: 60_000 }, { say: "never" }] });
    const asked = () =>
      server.requests.some((r) => !r.isAuxiliary && conversation(r).includes(question));
    const run = await runBin(["--agent", "claude", question], {
      cwd,
      env: env(),
      onSpawn: (child) => {
        void waitFor(asked, { timeoutMs: 60_000 }).then(() => child.kill("SIGINT"));
      },
    });
    expect(run.code).toBe(130);
    expect(run.stdout).toBe("");
    await expectNothingRunningFromHome();
  });

  test("C-CLI-21: no agent on the login shell's PATH exits 2 with no_agent_found and install hints", async () => {
    const bare = await createAgentHome({
      server,
      cliPaths: [],
      baseEnv: { PATH: "/usr/bin:/bin" },
    });
    try {
      const run = await runBin(["--output", "json", "hello"], { cwd: tmpdir(), env: bare.env });
      expect(run.code).toBe(2);
      const document = JSON.parse(run.stdout) as {
        agent: unknown;
        error: { code: string; message: string };
      };
      expect(document.agent).toBeNull();
      expect(document.error.code).toBe("no_agent_found");
      expect(document.error.message).toContain("npm install -g @anthropic-ai/claude-code");
      expect(document.error.message).toContain("--agent");
    } finally {
      await bare.cleanup();
    }
  });
});

/** Runs a command on a terminal of its own and returns its exit code and everything it drew. */
async function runInPty(
  file: string,
  args: string[],
  cwd: string,
): Promise<{ code: number; screen: string }> {
  const pty = spawnPty(file, args, { cwd, env: env(), cols: 120, rows: 30 });
  let screen = "";
  pty.onData((data) => {
    screen += data;
  });
  const code = await new Promise<number>((resolve) =>
    pty.onExit(({ exitCode }) => resolve(exitCode)),
  );
  return { code, screen };
}

describe("elwood progress", () => {
  test("C-CLI-10: on a terminal, stderr shows a live status line that is erased at the end", async () => {
    const cwd = await workspace();
    const question = token("tty-question");
    const answer = token("tty-answer");
    server.turn({ match: question, steps: [{ pause: 1_500 }, { say: answer }] });
    const { code, screen } = await runInPty(
      process.execPath,
      [ELWOOD_BIN, "--agent", "claude", question],
      cwd,
    );
    expect(code).toBe(0);
    expect(screen).toMatch(/claude · (starting|ready|running) · \d+\.\ds/);
    // The line is cleared before the answer is printed, and the answer ends the output.
    expect(screen).toContain("\r\x1b[2K");
    expect(screen.trimEnd().endsWith(answer)).toBe(true);
  });

  test("C-CLI-18: --head mirrors the agent's own screen to a terminal stderr, stdout keeps the answer", async () => {
    const cwd = await workspace();
    const question = token("head-question");
    const answer = token("head-answer");
    server.turn({ match: question, steps: [{ say: answer }] });
    const stdoutFile = join(cwd, ".head-stdout");
    // stdin and stderr are the terminal; stdout goes to a file, as in `elwood --head … > x`.
    const command = `exec "$0" "$1" --head --agent claude "$2" > "$3"`;
    const { code, screen } = await runInPty(
      "bash",
      ["-c", command, process.execPath, ELWOOD_BIN, question, stdoutFile],
      cwd,
    );
    expect(code).toBe(0);
    // The agent's TUI itself: its prompt glyph and its own escape sequences, verbatim.
    expect(screen).toContain("❯");
    expect(screen).toMatch(/\x1b\[\??[0-9;]*[a-zA-Z]/);
    // Handed back in default modes, with no status line of Elwood's drawn over it.
    expect(screen).toContain("\x1b[?1049l\x1b[?25h");
    expect(screen).not.toMatch(/claude · (starting|ready|running)/);
    expect(await readFile(stdoutFile, "utf8")).toBe(`${answer}\n`);
  });
});

describe("elwood and a prompt it does not answer", () => {
  test("C-CLI-05: a permission prompt during the turn ends the run at once with blocked_prompt, nothing left running", async () => {
    const cwd = await workspace();
    const question = token("needs-permission");
    // In Claude's default mode a Bash command outside the allow rules asks a human.
    server.turn({
      match: question,
      steps: [{ tool: { name: "Bash", input: { command: "touch permission-probe" } } }],
    });
    const run = await runBin(
      ["--agent", "claude", "--claude-permission-mode", "default", "--output", "json", question],
      { cwd, env: env() },
    );
    const endedAt = Date.now();
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout) as { type: string; error: { code: string } };
    expect(document).toMatchObject({ type: "error", error: { code: "blocked_prompt" } });
    // Without the start-up grace period: the block came after the first ready.
    const asked = server.requests.find((r) => !r.isAuxiliary && r.userText.includes(question));
    expect(asked).toBeDefined();
    expect(endedAt - (asked?.at ?? 0)).toBeLessThan(SPEC_STARTUP_GRACE_MS);
    const survivors = await waitFor(() => processesInHome(home.home).length === 0, {
      timeoutMs: 10_000,
    });
    expect(survivors).toBe(true);
  });
});
