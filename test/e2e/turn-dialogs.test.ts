// Dialogs a turn stops on, through the real pinned CLIs (issue 47 item 4, Done-when 4):
// Claude's plan approval (plan mode, ExitPlanMode with a plan file) and AskUserQuestion, an MCP tool call on
// Claude and on Codex (the stdio fixture test/fixtures/mcp-stamp-server.mjs), and Codex's
// plan-mode question (request_user_input). Each one, once painted, turns the session
// `blocked` with an `attention` carrying the dialog's text within 3 s (C-ATTN-01), and is
// answered through the library (answerDialog, which waits until the dialog takes keys and
// presses again while it stays untouched), after which the turn completes. Before issue 47
// each of these read as "running" with no attention: a turn that never ended.
import { readFileSync, writeFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { ElwoodApprovals, startClaude, startCodex } from "../../src/agents.js";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import type { ElwoodActivityEvent } from "../../src/core/contract/types.js";
import { KEYS } from "../../src/terminal/input.js";
import { type ClaudeFixture, ensureGone, mainRequests, token } from "../support/claude-e2e.js";
import { codexRequests } from "../support/codex-e2e.js";
import { waitFor } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ trusted: true });

const STAMP_SERVER = fileURLToPath(new URL("../fixtures/mcp-stamp-server.mjs", import.meta.url));
/** Done-when 4: the attention comes within 3 s of the dialog's first paint. */
const ATTENTION_WITHIN_MS = 3_000;

/**
 * When the dialog's `shows` text first appears on the session's screen (looked at every
 * 50 ms), and the first attention after it.
 */
async function dialogAndAttention(
  session: ElwoodAgentSession,
  shows: string,
  timeoutMs: number,
): Promise<{ shownAt: number; attentionAt: number; attention: ElwoodActivityEvent }> {
  let attention: { at: number; event: ElwoodActivityEvent } | undefined;
  const off = session.on("activity", (event) => {
    if (event.kind === "attention" && attention === undefined) {
      attention = { at: Date.now(), event };
    }
  });
  try {
    const deadline = Date.now() + timeoutMs;
    let shownAt: number | undefined;
    while (Date.now() < deadline) {
      shownAt ??= session.terminal.snapshot().text.includes(shows) ? Date.now() : undefined;
      if (shownAt !== undefined && attention !== undefined) {
        return { shownAt, attentionAt: attention.at, attention: attention.event };
      }
      if (shownAt !== undefined && Date.now() - shownAt > ATTENTION_WITHIN_MS + 2_000) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const screen = session.terminal.snapshot().text;
    throw new Error(
      `dialog shown: ${shownAt !== undefined}, attention: ${attention !== undefined}, status ${session.status}; screen:\n${screen}`,
    );
  } finally {
    off();
  }
}

/**
 * Holds Claude's ExitPlanMode reply until the plan file is written, as the model's Write
 * would have: Claude's plan-mode reminder names the file ("create your plan at <path>.md").
 */
async function writePlanFile(fx: ClaudeFixture, prompt: string): Promise<void> {
  const request = await fx.server.waitForRequest(
    (logged) => logged.userText.includes(prompt) && !logged.isAuxiliary,
    60_000,
  );
  const planFile = /create your plan at (\S+?\.md)/.exec(JSON.stringify(request.body))?.[1];
  expect(planFile).toBeDefined();
  await mkdir(dirname(planFile ?? ""), { recursive: true });
  await writeFile(planFile ?? "", "# Probe plan\n\n1. Create plan-probe.txt\n2. Say done\n");
}

/** The attention's time from the dialog's paint; an attention before the paint counts as 0. */
function attentionDelay(seen: { shownAt: number; attentionAt: number }): number {
  return Math.max(0, seen.attentionAt - seen.shownAt);
}

describe("dialogs a turn stops on (issue 47)", () => {
  test("C-ATTN-01: Claude's plan approval blocks with an attention carrying the plan and the question within 3 s; answered 'Yes, manually approve edits', the turn completes", async () => {
    const fx = await newFixture();
    const done = token("plan-approved");
    fx.server.turn({
      match: "make a plan",
      // The pause holds the reply while the test writes the plan file, as the model's
      // Write would have: ExitPlanMode then shows the plan from that file.
      steps: [{ pause: 4_000 }, { tool: { name: "ExitPlanMode", input: {} } }, { say: done }],
    });
    const session = await startClaude({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      permissionMode: "plan",
    });
    fx.defer(() => ensureGone(session));
    await session.waitForStatus((status) => status === "ready", 90_000);
    const reply = session.send("make a plan");
    reply.catch(() => undefined);
    await writePlanFile(fx, "make a plan");

    const seen = await dialogAndAttention(session, "Would you like to proceed?", 60_000);
    expect(attentionDelay(seen)).toBeLessThan(ATTENTION_WITHIN_MS);
    expect(session.status).toBe("blocked");
    expect(seen.attention.label).toBe("claude-plan-approval");
    expect(seen.attention.text).toContain("Would you like to proceed?");
    expect(seen.attention.text).toContain("1. Create plan-probe.txt");
    expect(seen.attention.text).toContain("2. Yes, manually approve edits");

    await session.answerDialog([KEYS.down, KEYS.enter]);
    expect(await reply).toContain(done);
    const continuation = mainRequests(fx.server).find((logged) =>
      logged.toolResults.some((result) => !result.isError),
    );
    expect(continuation).toBeDefined();
    await session.stop();
  });

  test("C-ATTN-01: a Claude MCP tool call blocks with the permission's attention within 3 s; 'Yes' runs the tool and the turn completes", async () => {
    const fx = await newFixture();
    const stampLog = join(fx.workspace, "stamp.log");
    const stamp = { command: process.execPath, args: [STAMP_SERVER], env: { STAMP_LOG: stampLog } };
    await writeFile(join(fx.workspace, ".mcp.json"), JSON.stringify({ mcpServers: { stamp } }));
    const text = token("stamped");
    fx.server.turn({
      match: "stamp it",
      steps: [{ tool: { name: "mcp__stamp__stamp", input: { text } } }, { say: "Stamp done" }],
    });
    const session = await startClaude({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      permissionMode: "default",
      // Answers the start-up "New MCP server found" gate (C-CLAUDE-14).
      autotrust: true,
    });
    fx.defer(() => ensureGone(session));
    await session.waitForStatus((status) => status === "ready", 90_000);
    const reply = session.send("stamp it");
    reply.catch(() => undefined);

    const seen = await dialogAndAttention(session, "Do you want to proceed?", 60_000);
    expect(attentionDelay(seen)).toBeLessThan(ATTENTION_WITHIN_MS);
    expect(session.status).toBe("blocked");
    expect(seen.attention.label).toBe("claude-tool-permission");
    expect(seen.attention.text).toContain("Do you want to proceed?");
    expect(seen.attention.text).toContain("❯ 1. Yes");
    await expect(readFile(stampLog, "utf8")).rejects.toThrow();

    await session.answerDialog(KEYS.enter);
    expect(await reply).toContain("Stamp done");
    expect(readFileSync(stampLog, "utf8")).toBe(`${text}\n`);
    await session.stop();
  });

  test("C-ATTN-01: Claude's AskUserQuestion blocks with an attention carrying the question within 3 s; the chosen option reaches the model and the turn completes", async () => {
    const fx = await newFixture();
    const options = [
      { label: "Postgres", description: "A server database." },
      { label: "SQLite", description: "A file database." },
    ];
    const questions = [
      {
        question: "Which database should it use?",
        header: "Database",
        multiSelect: false,
        options,
      },
    ];
    fx.server.turn({
      match: "ask me",
      steps: [{ tool: { name: "AskUserQuestion", input: { questions } } }, { say: "Noted" }],
    });
    const session = await startClaude({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      permissionMode: "default",
    });
    fx.defer(() => ensureGone(session));
    await session.waitForStatus((status) => status === "ready", 90_000);
    const reply = session.send("ask me");
    reply.catch(() => undefined);

    const seen = await dialogAndAttention(session, "Which database should it use?", 60_000);
    expect(attentionDelay(seen)).toBeLessThan(ATTENTION_WITHIN_MS);
    expect(session.status).toBe("blocked");
    expect(seen.attention.label).toBe("claude-question");
    expect(seen.attention.text).toContain("Which database should it use?");
    expect(seen.attention.text).toContain("❯ 1. Postgres");

    await session.answerDialog(KEYS.enter);
    expect(await reply).toContain("Noted");
    const continuation = mainRequests(fx.server).find((logged) => logged.toolResults.length > 0);
    expect(continuation?.toolResults.map((result) => result.text).join("\n")).toContain("Postgres");
    await session.stop();
  });

  test("C-ATTN-01: a Codex MCP tool call blocks with its approval's attention within 3 s; 'Allow' runs the tool and the turn completes", async () => {
    const fx = await newFixture({ cli: "codex" });
    const stampLog = join(fx.workspace, "stamp.log");
    writeFileSync(
      join(fx.home.codexHome, "config.toml"),
      `${readFileSync(join(fx.home.codexHome, "config.toml"), "utf8")}\n[mcp_servers.stamp]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(STAMP_SERVER)}]\nenv = { STAMP_LOG = ${JSON.stringify(stampLog)} }\n`,
    );
    const text = token("stamped");
    fx.server.turn({
      match: "stamp it",
      steps: [
        // Codex offers an MCP server's tools as the namespace "mcp__<server>".
        { tool: { namespace: "mcp__stamp", name: "stamp", input: { text } } },
        { say: "Stamp done" },
      ],
    });
    const session = await startCodex({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      autotrust: true,
      approvalPolicy: "on-request",
      sandbox: "read-only",
    });
    fx.defer(() => ensureGone(session));
    await session.waitForStatus((status) => status === "ready", 90_000);
    const reply = session.send("stamp it");
    reply.catch(() => undefined);

    const question = 'Allow the stamp MCP server to run tool "stamp"?';
    const seen = await dialogAndAttention(session, question, 60_000);
    expect(attentionDelay(seen)).toBeLessThan(ATTENTION_WITHIN_MS);
    expect(session.status).toBe("blocked");
    expect(seen.attention.label).toBe("codex-mcp-approval");
    expect(seen.attention.text).toContain(question);
    expect(seen.attention.text).toContain("› 1. Allow");
    await expect(readFile(stampLog, "utf8")).rejects.toThrow();

    await session.answerDialog(KEYS.enter);
    expect(await reply).toContain("Stamp done");
    expect(readFileSync(stampLog, "utf8")).toBe(`${text}\n`);
    const continuation = codexRequests(fx.server).find((logged) => logged.toolResults.length > 0);
    expect(continuation?.toolResults.map((result) => result.text).join("\n")).toContain(
      `stamped: ${text}`,
    );
    await session.stop();
  });

  test("C-ATTN-01: Codex's plan-mode question blocks with an attention carrying the question within 3 s; the chosen option reaches the model and the turn completes", async () => {
    const fx = await newFixture({ cli: "codex" });
    // Plan mode (a collaboration mode) is behind this feature flag on 0.171.0; Shift+Tab
    // then cycles into it, and only there request_user_input asks instead of failing.
    const configPath = join(fx.home.codexHome, "config.toml");
    const config = readFileSync(configPath, "utf8");
    expect(config).toContain("[features]\n");
    writeFileSync(
      configPath,
      config.replace("[features]\n", "[features]\ncollaboration_modes = true\n"),
    );
    const options = [
      { label: "Postgres (Recommended)", description: "A server database." },
      { label: "SQLite", description: "A file database." },
    ];
    const questions = [
      { id: "db_choice", header: "Database", question: "Which database should it use?", options },
    ];
    fx.server.turn({
      match: "ask me",
      steps: [{ tool: { name: "request_user_input", input: { questions } } }, { say: "Noted" }],
    });
    const session = await startCodex({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      autotrust: true,
    });
    fx.defer(() => ensureGone(session));
    await session.waitForStatus((status) => status === "ready", 90_000);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      if (session.terminal.snapshot().text.includes("Plan mode")) break;
      await session.sendKeys(KEYS.shiftTab);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(session.terminal.snapshot().text).toContain("Plan mode");
    const reply = session.send("ask me");
    reply.catch(() => undefined);

    const seen = await dialogAndAttention(session, "Which database should it use?", 60_000);
    expect(attentionDelay(seen)).toBeLessThan(ATTENTION_WITHIN_MS);
    expect(session.status).toBe("blocked");
    expect(seen.attention.label).toBe("codex-plan-question");
    expect(seen.attention.text).toContain("Question 1/1");
    expect(seen.attention.text).toContain("Which database should it use?");
    expect(seen.attention.text).toContain("› 1. Postgres (Recommended)");

    // The answered question stays in the transcript ("• Which database should it use?" /
    // "answer: …"); the dialog's footer is what goes.
    await session.answerDialog(KEYS.enter);
    expect(await reply).toContain("Noted");
    const continuation = codexRequests(fx.server).find((logged) => logged.toolResults.length > 0);
    expect(continuation?.toolResults.map((result) => result.text).join("\n")).toContain("Postgres");
    await session.stop();
  });
});

describe("the same dialogs as pending approvals, where the CLI asks its PermissionRequest hook first (issue 47)", () => {
  // Long enough that only an answer settles the approval within the test.
  const EXPIRY_MS = 120_000;

  test("C-APR-01 C-ATTN-01: under approvals Claude's plan approval is no pending approval (2.1.332 ignores a hook's allow for ExitPlanMode) but an attention, answered on screen", async () => {
    const fx = await newFixture();
    const done = token("plan-approved");
    fx.server.turn({
      match: "plan with approvals",
      steps: [{ pause: 4_000 }, { tool: { name: "ExitPlanMode", input: {} } }, { say: done }],
    });
    const approvals = new ElwoodApprovals({ expireAfterMs: EXPIRY_MS });
    fx.defer(() => approvals.close());
    const events: unknown[] = [];
    approvals.on((event) => events.push(event));
    const session = await startClaude({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      permissionMode: "plan",
      hooks: approvals.claudeHooks(),
    });
    fx.defer(() => ensureGone(session));
    await session.waitForStatus((status) => status === "ready", 90_000);
    const reply = session.send("plan with approvals");
    reply.catch(() => undefined);
    await writePlanFile(fx, "plan with approvals");
    const seen = await dialogAndAttention(session, "Would you like to proceed?", 60_000);
    expect(attentionDelay(seen)).toBeLessThan(ATTENTION_WITHIN_MS);
    expect(seen.attention.label).toBe("claude-plan-approval");
    expect(approvals.pending()).toEqual([]);
    await session.answerDialog([KEYS.down, KEYS.enter]);
    expect(await reply).toContain(done);
    expect(events).toEqual([]);
    await session.stop();
  });

  test.each(["claude", "codex"] as const)(
    "C-APR-01: %s: an MCP tool call is a pending mcp approval naming the server and tool; allow runs the tool and the turn completes",
    async (cli) => {
      const fx = await newFixture({ cli });
      const stampLog = join(fx.workspace, "stamp.log");
      const text = token("stamped");
      const approvals = new ElwoodApprovals({ expireAfterMs: EXPIRY_MS });
      fx.defer(() => approvals.close());
      const common = {
        cwd: fx.workspace,
        env: fx.home.env,
        stateDir: fx.stateDir,
        autotrust: true,
      };
      let session: ElwoodAgentSession;
      if (cli === "claude") {
        const stamp = {
          command: process.execPath,
          args: [STAMP_SERVER],
          env: { STAMP_LOG: stampLog },
        };
        await writeFile(join(fx.workspace, ".mcp.json"), JSON.stringify({ mcpServers: { stamp } }));
        fx.server.turn({
          match: "stamp with approvals",
          steps: [{ tool: { name: "mcp__stamp__stamp", input: { text } } }, { say: "Stamp done" }],
        });
        session = await startClaude({
          ...common,
          permissionMode: "default",
          hooks: approvals.claudeHooks(),
        });
      } else {
        const configPath = join(fx.home.codexHome, "config.toml");
        writeFileSync(
          configPath,
          `${readFileSync(configPath, "utf8")}\n[mcp_servers.stamp]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(STAMP_SERVER)}]\nenv = { STAMP_LOG = ${JSON.stringify(stampLog)} }\n`,
        );
        fx.server.turn({
          match: "stamp with approvals",
          steps: [
            { tool: { namespace: "mcp__stamp", name: "stamp", input: { text } } },
            { say: "Stamp done" },
          ],
        });
        session = await startCodex({
          ...common,
          approvalPolicy: "on-request",
          sandbox: "read-only",
          hooks: approvals.codexHooks(),
        });
      }
      fx.defer(() => ensureGone(session));
      await session.waitForStatus((status) => status === "ready", 90_000);
      const statuses: string[] = [];
      session.on("status", (event) => statuses.push(event.status));
      const reply = session.send("stamp with approvals");
      reply.catch(() => undefined);
      expect(await waitFor(() => approvals.pending().length === 1, { timeoutMs: 60_000 })).toBe(
        true,
      );
      const [approval] = approvals.pending();
      expect(approval).toMatchObject({
        agent: cli,
        toolName: "mcp__stamp__stamp",
        detail: { kind: "mcp", server: "stamp", tool: "stamp", arguments: { text } },
      });
      await expect(readFile(stampLog, "utf8")).rejects.toThrow();
      approvals.answer(approval?.id ?? "", { behavior: "allow" });
      expect(await reply).toContain("Stamp done");
      expect(readFileSync(stampLog, "utf8")).toBe(`${text}\n`);
      // Codex draws its dialog only without a hook answer; Claude paints its own while the
      // hook waits (prd/approvals.md), so only Codex is never blocked here.
      if (cli === "codex") expect(statuses).not.toContain("blocked");
      await session.stop();
    },
  );
});
