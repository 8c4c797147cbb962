// Decisions are declared at start (issue 44), against the real CLIs: a PreToolUse deny in
// `hooks` holds; an `on("hook:PostToolUse")` observer added after ready sees every tool
// step although PostToolUse is registered observe-only; a decision from a handler added to
// `hooks` after start is not applied and says so (hookError `undeclared_decision`); with
// `hookEvents: "all"` the same late handler decides, as every event blocks.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { startClaude } from "../../src/agents.js";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import type { ElwoodHookErrorEvent } from "../../src/core/contract/types.js";
import type { LoggedRequest } from "../../src/testing/index.js";
import { type ClaudeFixture, ensureGone, token } from "../support/claude-e2e.js";
import { startCodexIn } from "../support/codex-e2e.js";
import { touchAndEcho, waitForSay } from "../support/hooks-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture();

type Hooks = Record<string, unknown>;
/** The part of a session these tests use, whichever agent runs it. */
type Session = ElwoodAgentSession & {
  on(name: "hook:PostToolUse", listener: (event: { tool_input: unknown }) => void): () => void;
};

interface AgentCase {
  readonly agent: "claude" | "codex";
  readonly fixture: { readonly cli?: "codex"; readonly trusted?: boolean };
  readonly api: LoggedRequest["api"];
  /** The scripted model's shell tool call. */
  tool(command: string): { readonly name: string; readonly input: Record<string, unknown> };
  start(fx: ClaudeFixture, options: Record<string, unknown>): Promise<Session>;
}

const AGENTS: readonly AgentCase[] = [
  {
    agent: "claude",
    fixture: { trusted: true },
    api: "anthropic",
    tool: (command) => ({ name: "Bash", input: { command } }),
    async start(fx, options) {
      const session = await startClaude({
        cwd: fx.workspace,
        env: fx.home.env,
        stateDir: fx.stateDir,
        permissionMode: "default",
        allowedTools: ["Bash"],
        ...options,
      });
      fx.defer(() => ensureGone(session));
      return session as unknown as Session;
    },
  },
  {
    agent: "codex",
    fixture: { cli: "codex" },
    api: "openai",
    tool: (cmd) => ({ name: "exec_command", input: { cmd } }),
    start: async (fx, options) => (await startCodexIn(fx, options)) as unknown as Session,
  },
];

async function ready(agent: AgentCase, fx: ClaudeFixture, options: Record<string, unknown>) {
  const session = await agent.start(fx, options);
  await session.waitForStatus((status) => status === "ready", 90_000);
  return session;
}

/** Polls until `check` holds; events the CLI sends without waiting may trail the turn. */
async function eventually(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The tool results the model received for the request that carries `text`. */
async function toolResultWith(fx: ClaudeFixture, api: LoggedRequest["api"], text: string) {
  const request = await fx.server.waitForRequest(
    (entry) => entry.api === api && entry.toolResults.some((result) => result.text.includes(text)),
    60_000,
  );
  return request.toolResults.map((result) => result.text).join("\n");
}

/** A turn with one shell step that leaves `markerFile` and prints `marker`. */
function fileTurn(fx: ClaudeFixture, agent: AgentCase, markerFile: string, marker: string) {
  fx.server.turn({
    match: /make the file/,
    steps: [{ tool: agent.tool(touchAndEcho(markerFile, marker)) }, { say: "made the file" }],
  });
}

describe.each(AGENTS)("$agent: decisions declared at start", (agent) => {
  test("C-HOOK-01: a PreToolUse deny declared in hooks holds, and an on('hook:PostToolUse') observer added after ready sees every tool step", async () => {
    const fx = await newFixture(agent.fixture);
    const markers = [token("step-1"), token("step-2"), token("step-3")];
    fx.server.turn({
      match: /three steps/,
      steps: [
        ...markers.map((marker) => ({ tool: agent.tool(`echo ${marker}`) })),
        { say: "did three" },
      ],
    });
    const markerFile = join(fx.workspace, `${token("denied")}.txt`);
    const reason = token("declared-deny");
    fileTurn(fx, agent, markerFile, "ran");
    const hooks: Hooks = {
      PreToolUse: (event: { tool_input: unknown }) =>
        JSON.stringify(event.tool_input).includes(markerFile)
          ? { permissionDecision: "deny", permissionDecisionReason: reason }
          : undefined,
    };
    const session = await ready(agent, fx, { hooks });
    const observed: string[] = [];
    session.on("hook:PostToolUse", (event) => observed.push(JSON.stringify(event.tool_input)));
    const errors: ElwoodHookErrorEvent[] = [];
    session.on("hookError", (event) => errors.push(event));

    await session.sendMessage("do three steps");
    await waitForSay(session, "did three");
    await eventually(() => observed.length >= markers.length, "three PostToolUse events");
    for (const marker of markers) {
      expect(
        observed.filter((input) => input.includes(marker)),
        marker,
      ).toHaveLength(1);
    }
    expect(observed).toHaveLength(markers.length);

    await session.waitForStatus((status) => status === "ready", 60_000);
    await session.sendMessage("make the file");
    expect(await toolResultWith(fx, agent.api, reason)).toContain(reason);
    await waitForSay(session, "made the file");
    expect(existsSync(markerFile)).toBe(false);
    expect(errors).toEqual([]);
    await session.stop();
  });

  test("C-HOOK-18: a decision from a handler added after start (PreToolUse observe-only) is not applied and gives hookError undeclared_decision", async () => {
    const fx = await newFixture(agent.fixture);
    const markerFile = join(fx.workspace, `${token("late")}.txt`);
    const marker = token("ran-anyway");
    fileTurn(fx, agent, markerFile, marker);
    const hooks: Hooks = {};
    const session = await ready(agent, fx, { hooks });
    const errors: ElwoodHookErrorEvent[] = [];
    session.on("hookError", (event) => errors.push(event));
    let asked = 0;
    hooks.PreToolUse = () => {
      asked += 1;
      return { permissionDecision: "deny", permissionDecisionReason: "too late to say no" };
    };

    await session.sendMessage("make the file");
    const text = await toolResultWith(fx, agent.api, marker);
    await waitForSay(session, "made the file");
    expect(text).not.toContain("too late to say no");
    expect(existsSync(markerFile)).toBe(true);
    await eventually(() => errors.length > 0, "the undeclared_decision hookError");
    expect(asked).toBe(1);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      hookEventName: "PreToolUse",
      category: "undeclared_decision",
      agent: agent.agent,
    });
    expect(errors[0]?.message).toContain("in `hooks`");
    await session.stop();
  });

  test('C-HOOK-19: with hookEvents "all", a PreToolUse deny from a handler added after start is applied', async () => {
    const fx = await newFixture(agent.fixture);
    const markerFile = join(fx.workspace, `${token("opted-out")}.txt`);
    const reason = token("late-deny-applied");
    fileTurn(fx, agent, markerFile, "ran");
    const hooks: Hooks = {};
    const session = await ready(agent, fx, { hooks, hookEvents: "all" });
    const errors: ElwoodHookErrorEvent[] = [];
    session.on("hookError", (event) => errors.push(event));
    hooks.PreToolUse = () => ({ permissionDecision: "deny", permissionDecisionReason: reason });

    await session.sendMessage("make the file");
    expect(await toolResultWith(fx, agent.api, reason)).toContain(reason);
    await waitForSay(session, "made the file");
    expect(existsSync(markerFile)).toBe(false);
    expect(errors).toEqual([]);
    await session.stop();
  });
});
