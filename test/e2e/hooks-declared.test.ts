// Decisions are declared at start (issue 44), against the real CLIs: a before-tool deny
// declared in `hooks` holds; an `on("hook:<after-tool event>")` observer added after ready
// sees every tool step although that event is registered observe-only; a decision from a
// handler added to `hooks` after start is not applied and says so (hookError
// `undeclared_decision`); with `hookEvents: "all"` the same late handler decides, as every
// event blocks. The rows come from the one table of agents (test/support/agent-table.ts).
// Gemini and Copilot register no event observe-only (`AgentRow.undeclaredToolEvents`):
// there the late handler's decision is applied, which the row's C-HOOK-18 asserts instead.
// Gemini registers its after-tool event only for a listener there at start
// (`AgentRow.afterToolRegistered`), so its observer is added before the session starts.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import type { ElwoodHookErrorEvent } from "../../src/core/contract/types.js";
import { AGENT_ROWS, type AgentRow } from "../support/agent-table.js";
import { type ClaudeFixture, ensureGone, token } from "../support/claude-e2e.js";
import { touchAndEcho, waitForSay } from "../support/hooks-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture();

type Hooks = Record<string, unknown>;
/** The part of a session these tests use, whichever agent runs it. */
type Session = ElwoodAgentSession & {
  on(name: `hook:${string}`, listener: (event: { tool_input: unknown }) => void): () => void;
};

/** Starts the row's session with `hooks` (the same object, so later handlers reach it). */
async function ready(
  agent: AgentRow,
  fx: ClaudeFixture,
  hooks: Hooks,
  options: { readonly hookEvents?: "all" } = {},
) {
  const session = (await agent.start({
    cwd: fx.workspace,
    env: fx.home.env,
    stateDir: fx.stateDir,
    hooks,
    ...options,
  })) as Session;
  fx.defer(() => ensureGone(session));
  await session.waitForStatus((status) => status === "ready", 90_000);
  return session;
}

/** The same, with `listener` on `name` before the CLI starts (a listener at start). */
async function readyListening(
  agent: AgentRow,
  fx: ClaudeFixture,
  hooks: Hooks,
  name: `hook:${string}`,
  listener: (event: { tool_input: unknown }) => void,
) {
  const session = agent.create({
    cwd: fx.workspace,
    env: fx.home.env,
    stateDir: fx.stateDir,
    hooks,
  }) as unknown as Session & { start(): Promise<unknown> };
  fx.defer(() => ensureGone(session));
  session.on(name, listener);
  await session.start();
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
async function toolResultWith(fx: ClaudeFixture, api: AgentRow["api"], text: string) {
  const request = await fx.server.waitForRequest(
    (entry) => entry.api === api && entry.toolResults.some((result) => result.text.includes(text)),
    60_000,
  );
  return request.toolResults.map((result) => result.text).join("\n");
}

/** A turn with one shell step that leaves `markerFile` and prints `marker`. */
function fileTurn(fx: ClaudeFixture, agent: AgentRow, markerFile: string, marker: string) {
  fx.server.turn({
    match: /make the file/,
    steps: [agent.shell(touchAndEcho(markerFile, marker)), { say: "made the file" }],
  });
}

describe.each(AGENT_ROWS)("$agent: decisions declared at start", (agent) => {
  const after = agent.afterToolEvent;
  const observerAdded =
    agent.afterToolRegistered === "always" ? "added after ready" : "there at start";
  test(`C-HOOK-01: a ${agent.beforeToolEvent} deny declared in hooks holds, and an on('hook:${after}') observer ${observerAdded} sees every tool step`, async () => {
    const fx = await newFixture(agent.fixture);
    const markers = [token("step-1"), token("step-2"), token("step-3")];
    fx.server.turn({
      match: /three steps/,
      steps: [...markers.map((marker) => agent.shell(`echo ${marker}`)), { say: "did three" }],
    });
    const markerFile = join(fx.workspace, `${token("denied")}.txt`);
    const reason = token("declared-deny");
    fileTurn(fx, agent, markerFile, "ran");
    const hooks: Hooks = {
      [agent.beforeToolEvent]: (event: { tool_input: unknown }) =>
        JSON.stringify(event.tool_input).includes(markerFile) ? agent.denyTool(reason) : undefined,
    };
    const observed: string[] = [];
    const observe = (event: { tool_input: unknown }) => {
      observed.push(JSON.stringify(event.tool_input));
    };
    let session: Session;
    if (agent.afterToolRegistered === "always") {
      session = await ready(agent, fx, hooks);
      session.on(`hook:${after}`, observe);
    } else {
      session = await readyListening(agent, fx, hooks, `hook:${after}`, observe);
    }
    const errors: ElwoodHookErrorEvent[] = [];
    session.on("hookError", (event) => errors.push(event));

    await session.sendMessage("do three steps");
    await waitForSay(session, "did three");
    await eventually(() => observed.length >= markers.length, `three ${after} events`);
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

  const undeclared = agent.undeclaredToolEvents;
  const lateTitle =
    undeclared.registered === "observe-only"
      ? `a decision from a handler added after start (${agent.beforeToolEvent} observe-only) is not applied and gives hookError undeclared_decision`
      : `${agent.beforeToolEvent} is registered blocking (${undeclared.why}), so a decision from a handler added after start is applied`;
  test(`C-HOOK-18: ${lateTitle}`, async () => {
    const fx = await newFixture(agent.fixture);
    const markerFile = join(fx.workspace, `${token("late")}.txt`);
    const marker = token("ran-anyway");
    fileTurn(fx, agent, markerFile, marker);
    const hooks: Hooks = {};
    const session = await ready(agent, fx, hooks);
    const errors: ElwoodHookErrorEvent[] = [];
    session.on("hookError", (event) => errors.push(event));
    let asked = 0;
    hooks[agent.beforeToolEvent] = () => {
      asked += 1;
      return agent.denyTool("too late to say no");
    };

    await session.sendMessage("make the file");
    if (undeclared.registered === "blocking") {
      // No observe-only registration: the CLI waited for the late handler, so it decided.
      expect(await toolResultWith(fx, agent.api, "too late to say no")).toContain(
        "too late to say no",
      );
      await waitForSay(session, "made the file");
      expect(existsSync(markerFile)).toBe(false);
      expect(asked).toBe(1);
      expect(errors).toEqual([]);
      await session.stop();
      return;
    }
    const text = await toolResultWith(fx, agent.api, marker);
    await waitForSay(session, "made the file");
    expect(text).not.toContain("too late to say no");
    expect(existsSync(markerFile)).toBe(true);
    await eventually(() => errors.length > 0, "the undeclared_decision hookError");
    expect(asked).toBe(1);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      hookEventName: agent.beforeToolEvent,
      category: "undeclared_decision",
      agent: agent.agent,
    });
    expect(errors[0]?.message).toContain("in `hooks`");
    await session.stop();
  });

  test(`C-HOOK-19: with hookEvents "all", a ${agent.beforeToolEvent} deny from a handler added after start is applied`, async () => {
    const fx = await newFixture(agent.fixture);
    const markerFile = join(fx.workspace, `${token("opted-out")}.txt`);
    const reason = token("late-deny-applied");
    fileTurn(fx, agent, markerFile, "ran");
    const hooks: Hooks = {};
    const session = await ready(agent, fx, hooks, { hookEvents: "all" });
    const errors: ElwoodHookErrorEvent[] = [];
    session.on("hookError", (event) => errors.push(event));
    hooks[agent.beforeToolEvent] = () => agent.denyTool(reason);

    await session.sendMessage("make the file");
    expect(await toolResultWith(fx, agent.api, reason)).toContain(reason);
    await waitForSay(session, "made the file");
    expect(existsSync(markerFile)).toBe(false);
    expect(errors).toEqual([]);
    await session.stop();
  });
});
