// ClaudeSession / CodexSession against the real CLIs (issue 7 "Done when" 1 and 2):
// send() returns exactly the scripted text, stream() on a tool turn yields tool_call,
// tool_result and text in order, overlapping sends resolve in call order with their own
// answers, an abandoned stream does not leak into the next turn, and the lazy lifecycle
// (buffered on(), idempotent start, close() before and after use, startup failure).
import { existsSync } from "node:fs";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { ClaudeSession, CodexSession } from "../../src/agents.js";
import type { ElwoodSessionStatus, ElwoodStatusEvent } from "../../src/core/contract/status.js";
import type { ElwoodStreamEvent } from "../../src/core/contract/turn.js";
import { ElwoodError } from "../../src/errors.js";
import type { LoggedRequest, ScenarioStep } from "../../src/testing/index.js";
import {
  type ClaudeFixture,
  claudeFixture,
  type FixtureOptions,
  filesWithText,
  token,
  userTurnRequests,
} from "../support/claude-e2e.js";
import { codexRequests } from "../support/codex-e2e.js";
import { processesInHome, survivorsInHome } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture();

type Lazy = ClaudeSession | CodexSession;

interface CreateOptions {
  readonly defaultCwd?: boolean;
  readonly stateDir?: string;
  readonly executable?: string;
}

interface HookSeen {
  readonly name: string;
  readonly lastAssistantMessage: string | undefined;
}

interface Agent {
  readonly name: "claude" | "codex";
  readonly notFound: string;
  readonly fixtureOptions: FixtureOptions;
  fixture(): Promise<ClaudeFixture>;
  /** `defaultCwd` leaves cwd out so the class picks process.cwd(). */
  create(fx: ClaudeFixture, options?: CreateOptions): Lazy;
  /** Subscribes on the lazy class (works before start) to every hook event. */
  onHook(session: Lazy, handler: (hook: HookSeen) => void): void;
  onStatus(session: Lazy, handler: (status: ElwoodSessionStatus) => void): void;
  shell(command: string): ScenarioStep;
  readonly shellToolName: string;
  /** Model requests that started a user turn, in arrival order. */
  userTurns(fx: ClaudeFixture): LoggedRequest[];
}

function hookSeen(hook: { hook_event_name: string }): HookSeen {
  const last = (hook as { last_assistant_message?: unknown }).last_assistant_message;
  return {
    name: hook.hook_event_name,
    lastAssistantMessage: typeof last === "string" ? last : undefined,
  };
}

const claude: Agent = {
  name: "claude",
  notFound: "claude_not_found",
  fixtureOptions: { trusted: true },
  fixture: () => newFixture(claude.fixtureOptions),
  create(fx, options = {}) {
    const session = new ClaudeSession({
      ...(options.defaultCwd ? {} : { cwd: fx.workspace }),
      env: fx.home.env,
      stateDir: options.stateDir ?? fx.stateDir,
      permissionMode: "default",
      allowedTools: ["Bash"],
      ...(options.executable === undefined ? {} : { executable: options.executable }),
    });
    fx.defer(() => session.kill().catch(() => undefined));
    return session;
  },
  onHook(session, handler) {
    if (session instanceof ClaudeSession) session.on("hook", (hook) => handler(hookSeen(hook)));
  },
  onStatus(session, handler) {
    if (session instanceof ClaudeSession) session.on("status", (event) => handler(event.status));
  },
  shell: (command) => ({ tool: { name: "Bash", input: { command } } }),
  shellToolName: "Bash",
  userTurns: (fx) => userTurnRequests(fx.server),
};

const codex: Agent = {
  name: "codex",
  notFound: "codex_not_found",
  fixtureOptions: { cli: "codex" },
  fixture: () => newFixture(codex.fixtureOptions),
  create(fx, options = {}) {
    const session = new CodexSession({
      ...(options.defaultCwd ? {} : { cwd: fx.workspace }),
      autotrust: true,
      env: fx.home.env,
      stateDir: options.stateDir ?? fx.stateDir,
      ...(options.executable === undefined ? {} : { executable: options.executable }),
    });
    fx.defer(() => session.kill().catch(() => undefined));
    return session;
  },
  onHook(session, handler) {
    if (session instanceof CodexSession) session.on("hook", (hook) => handler(hookSeen(hook)));
  },
  onStatus(session, handler) {
    if (session instanceof CodexSession) session.on("status", (event) => handler(event.status));
  },
  shell: (command) => ({ tool: { name: "exec_command", input: { cmd: command } } }),
  shellToolName: "exec_command",
  userTurns: (fx) => codexRequests(fx.server).filter((request) => request.toolResults.length === 0),
};

async function collect(stream: AsyncIterable<ElwoodStreamEvent>): Promise<ElwoodStreamEvent[]> {
  const events: ElwoodStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** A live session and the fixture it runs on, shared by the turn tests of one agent. */
interface WarmSession {
  readonly fx: ClaudeFixture;
  readonly session: Lazy;
  /** The model requests that started a user turn since `mark()`. */
  userTurnsSince(mark: number): LoggedRequest[];
  /** A mark for `userTurnsSince`: how many requests the model server has seen so far. */
  mark(): number;
}

/**
 * One session for the tests that only need a started session to run turns of their own:
 * the first of them to run starts it, the describe block's end closes it, and nothing may
 * be left in its home. Each test scripts its own turns and reads only the requests since
 * its mark, so each still runs alone. Sharing it saves five CLI starts per agent (about
 * 2 CPU-seconds each for Claude on the 2-core CI machine), and these turns then also run
 * after other turns, as in a real session.
 */
function useWarmSession(agent: Agent): () => Promise<WarmSession> {
  const cleanups: (() => Promise<void> | void)[] = [];
  let warm: Promise<WarmSession> | undefined;
  afterAll(async () => {
    const started = await warm?.catch(() => undefined);
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    if (started !== undefined) expect(await survivorsInHome(started.fx.home.home)).toEqual([]);
  });
  return () => {
    warm ??= (async () => {
      const fx = await claudeFixture(cleanups, agent.fixtureOptions);
      const session = agent.create(fx);
      return {
        fx,
        session,
        mark: () => fx.server.requests.length,
        userTurnsSince: (mark) => {
          const since = new Set(fx.server.requests.slice(mark));
          return agent.userTurns(fx).filter((request) => since.has(request));
        },
      };
    })();
    return warm;
  };
}

describe.each([claude, codex])("$name session class against the real CLI", (agent) => {
  const warmSession = useWarmSession(agent);

  test("C-API-47 C-API-49 C-E2E-14: send() lazily starts and resolves with exactly the scripted text, twice", async () => {
    const fx = await agent.fixture();
    const first = token("First answer");
    const second = token("Second answer");
    fx.server.turn({ match: /first question/, steps: [{ say: first }] });
    fx.server.turn({ match: /second question/, steps: [{ say: second }] });
    const session = agent.create(fx);
    expect(session.status).toBe("starting");
    expect(session.session).toBeUndefined();

    expect(await session.send("first question")).toBe(first);
    expect(session.session).toBeDefined();
    expect(session.status).toBe("ready");
    expect(await session.send("second question")).toBe(second);
    // The second turn went to the same conversation: its request carries the first answer.
    const turns = agent.userTurns(fx);
    expect(turns.map((request) => request.matchedTurn)).toEqual([0, 1]);
    expect(JSON.stringify(turns[1]?.body)).toContain(first);
    await session.close();
  });

  test("C-API-50: twelve back-to-back send() turns each resolve with exactly their own answer", async () => {
    // Quick turns used to race: the previous submission's recovery Enter could submit the
    // next paste early, and a turn that ended before its own write settled never resolved.
    const { fx, session, mark, userTurnsSince } = await warmSession();
    const since = mark();
    const answers = Array.from({ length: 12 }, (_, turn) => token(`back-to-back ${turn}`));
    const scripted = answers.map((answer, turn) =>
      fx.server.turn({ match: `rapid question ${turn}`, steps: [{ say: answer }] }),
    );
    for (const [turn, answer] of answers.entries()) {
      expect(await session.send(`rapid question ${turn}`, { timeoutMs: 60_000 })).toBe(answer);
    }
    expect(userTurnsSince(since).map((request) => request.matchedTurn)).toEqual(scripted);
  });

  test("C-API-48 C-E2E-15: stream() on a tool turn yields tool_call, tool_result and text in order", async () => {
    const { fx, session } = await warmSession();
    const marker = token("stream-marker");
    const reply = token("Ran the marker");
    fx.server.turn({
      match: /run the marker/,
      steps: [agent.shell(`echo ${marker}`), { say: reply }],
    });
    const events = await collect(session.stream("run the marker"));
    const content = events.filter((event) => event.type !== "thinking");
    expect(content.map((event) => event.type)).toEqual(["tool_call", "tool_result", "text"]);
    const [call, result, text] = content;
    expect(call).toMatchObject({ type: "tool_call", name: agent.shellToolName });
    expect(call?.type === "tool_call" ? call.input : undefined).toContain(`echo ${marker}`);
    expect(result?.type === "tool_result" ? result.output : undefined).toContain(marker);
    expect(result?.type === "tool_result" ? result.name : "not a result").toBe(agent.shellToolName);
    expect(text).toEqual({ type: "text", text: reply });
  });

  test("C-API-49: send() on a tool turn resolves with only the assistant messages, joined by a blank line", async () => {
    const { fx, session } = await warmSession();
    const marker = token("send-marker");
    const before = token("Checking first");
    const after = token("All checked");
    fx.server.turn({
      match: /check the marker/,
      steps: [{ say: before }, agent.shell(`echo ${marker}`), { say: after }],
    });
    expect(await session.send("check the marker")).toBe(`${before}\n\n${after}`);
  });

  test('C-API-49 C-API-48: a turn that says nothing resolves send() with "" and its stream() yields no text; the next turn still works', async () => {
    const { fx, session, mark } = await warmSession();
    const since = mark();
    const after = token("Words again");
    // Claude 2.1.332 retries an empty reply once with the same request, and then puts the
    // next prompt into the same user message: each empty prompt is scripted twice, and
    // matched on how the newest message ends. Codex asks once; its spare reply is unused.
    for (const prompt of [/say nothing$/, /stay silent$/]) {
      fx.server.turn({ match: prompt, steps: [{ say: "" }] });
      fx.server.turn({ match: prompt, steps: [{ say: "" }] });
    }
    fx.server.turn({ match: /say something$/, steps: [{ say: after }] });
    expect(await session.send("say nothing")).toBe("");
    // No text for the Stop-text oracle to wait for: the turn ends on the quiet window.
    const events = await collect(session.stream("stay silent"));
    expect(events.filter((event) => event.type === "text")).toEqual([]);
    expect(await session.send("say something")).toBe(after);
    const unmatched = fx.server.requests
      .slice(since)
      .filter((request) => !request.isAuxiliary && request.matchedTurn === undefined);
    expect(unmatched.map((request) => request.userText)).toEqual([]);
  });

  test("C-API-50: two send() calls started together each resolve with their own answer, in call order", async () => {
    const { fx, session, mark, userTurnsSince } = await warmSession();
    const since = mark();
    const alpha = token("Answer alpha");
    const bravo = token("Answer bravo");
    const scripted = [
      fx.server.turn({ match: /question alpha/, steps: [{ say: alpha }] }),
      fx.server.turn({ match: /question bravo/, steps: [{ say: bravo }] }),
    ];
    const settled: string[] = [];
    const answers = await Promise.all([
      session.send("question alpha").then((answer) => {
        settled.push("alpha");
        return answer;
      }),
      session.send("question bravo").then((answer) => {
        settled.push("bravo");
        return answer;
      }),
    ]);
    expect(answers).toEqual([alpha, bravo]);
    expect(settled).toEqual(["alpha", "bravo"]);
    const turns = userTurnsSince(since);
    expect(turns.map((request) => request.matchedTurn)).toEqual(scripted);
    // One prompt per turn: the second was submitted only after the first finished.
    expect(turns[0]?.userText).not.toContain("bravo");
  });

  test("C-API-48 C-API-50: breaking out of a stream early does not disturb the next turn", async () => {
    const { fx, session, mark, userTurnsSince } = await warmSession();
    const since = mark();
    const marker = token("abandoned-marker");
    const abandoned = token("Abandoned turn text");
    const next = token("Next turn text");
    const scripted = [
      fx.server.turn({
        match: /long task/,
        steps: [agent.shell(`echo ${marker}`), { say: abandoned }],
      }),
      fx.server.turn({ match: /next task/, steps: [{ say: next }] }),
    ];
    const seenBeforeBreak: ElwoodStreamEvent[] = [];
    for await (const event of session.stream("long task")) {
      seenBeforeBreak.push(event);
      if (event.type === "tool_call") break;
    }
    expect(seenBeforeBreak.at(-1)?.type).toBe("tool_call");

    // The next send gets exactly its own answer: no leftover text of the abandoned turn.
    expect(await session.send("next task")).toBe(next);
    // The abandoned turn still ran to its end before the next prompt went in.
    const turns = userTurnsSince(since);
    expect(turns.map((request) => request.matchedTurn)).toEqual(scripted);
    expect(turns[0]?.userText).not.toContain("next task");
    expect(JSON.stringify(turns[1]?.body)).toContain(abandoned);
    expect(JSON.stringify(turns[1]?.body)).toContain(marker);
  });

  test("C-API-52: on() before start is buffered; status reads starting; concurrent start() makes one session", async () => {
    const fx = await agent.fixture();
    const reply = token("Buffered hello");
    fx.server.turn({ match: /say hello/, steps: [{ say: reply }] });
    const session = agent.create(fx);
    const statuses: ElwoodSessionStatus[] = [];
    const hooks: HookSeen[] = [];
    agent.onStatus(session, (status) => statuses.push(status));
    agent.onHook(session, (hook) => hooks.push(hook));
    expect(session.status).toBe("starting");
    expect(statuses).toEqual([]);

    const [a, b] = await Promise.all([session.start(), session.start()]);
    expect(a).toBe(b);
    expect(session.session).toBe(a);
    expect(await session.start()).toBe(a);

    expect(await session.send("say hello")).toBe(reply);
    // Handlers registered before start saw the turn: running, then ready.
    expect(statuses).toContain("running");
    expect(statuses.at(-1)).toBe("ready");
    const stop = hooks.find((hook) => hook.name === "Stop");
    expect(stop?.lastAssistantMessage).toContain(reply);
    expect(hooks.some((hook) => hook.name === "UserPromptSubmit")).toBe(true);
    expect(agent.userTurns(fx)).toHaveLength(1);
    await session.close();
  });

  test("C-API-52: off() before start detaches the handler for good; teardown() before start is a no-op", async () => {
    const fx = await agent.fixture();
    const reply = token("Off before start");
    fx.server.turn({ match: /after off/, steps: [{ say: reply }] });
    const session = agent.create(fx);
    const removed: ElwoodSessionStatus[] = [];
    const kept: ElwoodSessionStatus[] = [];
    const removedHandler = (event: ElwoodStatusEvent) => removed.push(event.status);
    const keptHandler = (event: ElwoodStatusEvent) => kept.push(event.status);
    // The union of the two classes has no common `on`; each is used as its own type.
    if (session instanceof ClaudeSession) {
      session.on("status", removedHandler);
      session.on("status", keptHandler);
      session.off("status", removedHandler);
    } else {
      session.on("status", removedHandler);
      session.on("status", keptHandler);
      session.off("status", removedHandler);
    }
    await session.teardown();
    expect(session.status).toBe("starting");
    expect(session.session).toBeUndefined();
    expect(processesInHome(fx.home.home)).toEqual([]);
    expect(existsSync(fx.stateDir)).toBe(false);

    expect(await session.send("after off")).toBe(reply);
    expect(kept).toContain("ready");
    expect(removed).toEqual([]);
    await session.close();
  });

  test("C-API-51: close() during an in-flight start waits for it, then stops the session it made", async () => {
    const fx = await agent.fixture();
    const session = agent.create(fx);
    const starting = session.start();
    await session.close();
    const started = await starting;
    expect(session.session).toBe(started);
    expect(started.status).toBe("stopped");
    expect(await survivorsInHome(fx.home.home)).toEqual([]);
  });

  test("C-API-51 C-LIFE-05: close() before start is a no-op; close() after use leaves no process", async () => {
    const fx = await agent.fixture();
    const reply = token("Closing soon");
    fx.server.turn({ match: /one turn/, steps: [{ say: reply }] });
    const session = agent.create(fx);
    await session.close();
    await session.stop();
    await session.kill();
    expect(session.status).toBe("starting");
    expect(session.session).toBeUndefined();
    expect(processesInHome(fx.home.home)).toEqual([]);
    expect(fx.server.requests).toEqual([]);

    expect(await session.send("one turn")).toBe(reply);
    expect(processesInHome(fx.home.home).length).toBeGreaterThan(0);
    await session.close();
    expect(session.status).toBe("stopped");
    expect(await survivorsInHome(fx.home.home, 15_000)).toEqual([]);
  });

  test("C-CLAUDE-05 C-CODEX-05 C-API-47: a missing executable rejects the first send() with the typed not-found error", async () => {
    const fx = await agent.fixture();
    const session = agent.create(fx, { executable: `/nonexistent/${agent.name}` });
    const failure = await session.send("never sent").then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ElwoodError);
    expect(failure).toMatchObject({ name: agent.notFound });
    expect(String((failure as Error).message)).toContain(`/nonexistent/${agent.name}`);
    expect(session.session).toBeUndefined();
    expect(session.status).toBe("starting");
    // A failed start leaves nothing behind and close() stays a no-op.
    await session.close();
    expect(await survivorsInHome(fx.home.home)).toEqual([]);
    expect(fx.server.requests).toEqual([]);
  });

  test("C-API-47: cwd defaults to process.cwd() and a relative stateDir is fixed at construction", async () => {
    const fx = await agent.fixture();
    const reply = token("Right folder");
    fx.server.turn({ match: /where am i/, steps: [{ say: reply }] });
    const elsewhere = await realpath(await mkdtemp(join(tmpdir(), "elwood-e2e-elsewhere-")));
    fx.defer(() => rm(elsewhere, { recursive: true, force: true }));
    const original = process.cwd();
    let session: Lazy;
    process.chdir(fx.workspace);
    try {
      session = agent.create(fx, { defaultCwd: true, stateDir: "relative-state" });
    } finally {
      process.chdir(original);
    }
    expect(session.cwd).toBe(fx.workspace);
    process.chdir(elsewhere);
    try {
      expect(await session.send("where am i")).toBe(reply);
    } finally {
      process.chdir(original);
    }
    const id = session.session?.elwoodSessionId ?? "missing";
    const stateFiles = await filesWithText(resolve(fx.workspace, "relative-state"));
    expect(stateFiles.some((file) => file.path.includes(id) || file.text.includes(id))).toBe(true);
    expect(await filesWithText(join(elsewhere, "relative-state"))).toEqual([]);
    await session.close();
  });
});
