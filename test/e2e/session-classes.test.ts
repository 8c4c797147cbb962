// Every agent's lazy session class against its real CLI (issue 7 "Done when" 1 and 2,
// issue 42 "Done when" 2), written once over the one table of agents
// (test/support/agent-table.ts): send() returns exactly the scripted text, stream() on a
// tool turn yields tool_call, tool_result and text in order, overlapping sends resolve in
// call order with their own answers, an abandoned stream does not leak into the next turn,
// and the lazy lifecycle (buffered on(), idempotent start, close() before and after use,
// startup failure).
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { ELWOOD_AGENTS } from "../../src/agents.js";
import type { HookEventBase } from "../../src/bridge/catalogue.js";
import type { ElwoodSessionStatus, ElwoodStatusEvent } from "../../src/core/contract/status.js";
import type { ElwoodStreamEvent } from "../../src/core/contract/turn.js";
import { ElwoodError } from "../../src/errors.js";
import type { LoggedRequest } from "../../src/testing/index.js";
import { AGENT_ROWS, type AgentRow, type LazyRowSession } from "../support/agent-table.js";
import { type ClaudeFixture, claudeFixture, filesWithText, token } from "../support/claude-e2e.js";
import { processesInHome, survivorsInHome } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture();

interface CreateOptions {
  /** Leaves cwd out so the class picks process.cwd(). */
  readonly defaultCwd?: boolean;
  readonly stateDir?: string;
  readonly executable?: string;
}

interface HookSeen {
  readonly name: string;
  readonly lastAssistantMessage: string | undefined;
  /** The session record the hook names, where the row's reply may lag (`replyMayLag`). */
  readonly recordPath: string | undefined;
}

/** The row's lazy class on the fixture's folders, its shell tool allowed; killed at cleanup. */
function create(row: AgentRow, fx: ClaudeFixture, options: CreateOptions = {}): LazyRowSession {
  const session = row.create({
    ...(options.defaultCwd ? {} : { cwd: fx.workspace }),
    env: fx.home.env,
    stateDir: options.stateDir ?? fx.stateDir,
    ...(options.executable === undefined ? {} : { executable: options.executable }),
  });
  fx.defer(() => session.kill().catch(() => undefined));
  return session;
}

/** The hook's name and, on the turn-end hook, the reply it carries in the agent's own field. */
function hookSeen(row: AgentRow, hook: HookEventBase): HookSeen {
  const fields = hook as unknown as Readonly<Record<string, unknown>>;
  const textAt = (field: string | undefined) => {
    const value = field === undefined ? undefined : fields[field];
    return typeof value === "string" ? value : undefined;
  };
  return {
    name: hook.hook_event_name,
    lastAssistantMessage: textAt(row.turnHooks.lastMessageField),
    recordPath: textAt(row.turnHooks.replyMayLag?.recordField),
  };
}

/** Model requests that started a user turn, in arrival order (not tool-result follow-ups). */
function userTurns(row: AgentRow, fx: ClaudeFixture): LoggedRequest[] {
  return fx.server.requests.filter(
    (request) =>
      !request.isAuxiliary && request.api === row.api && request.toolResults.length === 0,
  );
}

/** The name the agent's shell tool has in the scripted call, and so in stream() events. */
function shellToolName(row: AgentRow): string {
  return row.shell("true").tool.name;
}

/** Matches a prompt by how the newest user message ends, also as the CLI's empty-reply retry. */
function endsWithPrompt(row: AgentRow, prompt: string): (userText: string) => boolean {
  const note = row.emptyReply.retryNote;
  const endings = note === undefined ? [prompt] : [prompt, `${prompt}${note}`];
  return (userText) => endings.some((ending) => userText.endsWith(ending));
}

async function collect(stream: AsyncIterable<ElwoodStreamEvent>): Promise<ElwoodStreamEvent[]> {
  const events: ElwoodStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** A live session and the fixture it runs on, shared by the turn tests of one agent. */
interface WarmSession {
  readonly fx: ClaudeFixture;
  readonly session: LazyRowSession;
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
function useWarmSession(row: AgentRow): () => Promise<WarmSession> {
  const cleanups: (() => Promise<void> | void)[] = [];
  let warm: Promise<WarmSession> | undefined;
  afterAll(async () => {
    const started = await warm?.catch(() => undefined);
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    if (started !== undefined) expect(await survivorsInHome(started.fx.home.home)).toEqual([]);
  });
  return () => {
    warm ??= (async () => {
      const fx = await claudeFixture(cleanups, row.fixture);
      const session = create(row, fx);
      return {
        fx,
        session,
        mark: () => fx.server.requests.length,
        userTurnsSince: (mark) => {
          const since = new Set(fx.server.requests.slice(mark));
          return userTurns(row, fx).filter((request) => since.has(request));
        },
      };
    })();
    return warm;
  };
}

describe.each(AGENT_ROWS)("$agent session class against the real CLI", (row) => {
  const warmSession = useWarmSession(row);

  test("C-API-47 C-API-49 C-E2E-14: send() lazily starts and resolves with exactly the scripted text, twice", async () => {
    const fx = await newFixture(row.fixture);
    const first = token("First answer");
    const second = token("Second answer");
    fx.server.turn({ match: /first question/, steps: [{ say: first }] });
    fx.server.turn({ match: /second question/, steps: [{ say: second }] });
    const session = create(row, fx);
    expect(session.status).toBe("starting");
    expect(session.session).toBeUndefined();

    expect(await session.send("first question")).toBe(first);
    expect(session.session).toBeDefined();
    expect(session.status).toBe("ready");
    expect(await session.send("second question")).toBe(second);
    // The second turn went to the same conversation: its request carries the first answer.
    const turns = userTurns(row, fx);
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
      steps: [row.shell(`echo ${marker}`), { say: reply }],
    });
    const events = await collect(session.stream("run the marker"));
    const content = events.filter((event) => event.type !== "thinking");
    expect(content.map((event) => event.type)).toEqual(["tool_call", "tool_result", "text"]);
    const [call, result, text] = content;
    expect(call).toMatchObject({ type: "tool_call", name: shellToolName(row) });
    expect(call?.type === "tool_call" ? call.input : undefined).toContain(`echo ${marker}`);
    expect(result?.type === "tool_result" ? result.output : undefined).toContain(marker);
    expect(result?.type === "tool_result" ? result.name : "not a result").toBe(shellToolName(row));
    expect(text).toEqual({ type: "text", text: reply });
  });

  test("C-API-49: send() on a tool turn resolves with only the assistant messages, joined by a blank line", async () => {
    const { fx, session } = await warmSession();
    const marker = token("send-marker");
    const before = token("Checking first");
    const after = token("All checked");
    fx.server.turn({
      match: /check the marker/,
      steps: [{ say: before }, row.shell(`echo ${marker}`), { say: after }],
    });
    expect(await session.send("check the marker")).toBe(`${before}\n\n${after}`);
  });

  test('C-API-49 C-API-48: a turn that says nothing resolves send() with "" and its stream() yields no text; the next turn still works', async () => {
    const { fx, session, mark } = await warmSession();
    const since = mark();
    const after = token("Words again");
    // A CLI may ask again after an empty reply (row.emptyReply): Claude 2.1.332 with the same
    // request, and then puts the next prompt into the same user message; Gemini 0.61 with a
    // note appended to the prompt. Each empty prompt is scripted once per request, and
    // matched on how the newest message ends.
    for (const prompt of ["say nothing", "stay silent"]) {
      for (let request = 0; request < row.emptyReply.requests; request++) {
        fx.server.turn({ match: endsWithPrompt(row, prompt), steps: [{ say: "" }] });
      }
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
        steps: [row.shell(`echo ${marker}`), { say: abandoned }],
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
    const fx = await newFixture(row.fixture);
    const reply = token("Buffered hello");
    fx.server.turn({ match: /say hello/, steps: [{ say: reply }] });
    const session = create(row, fx);
    const statuses: ElwoodSessionStatus[] = [];
    const hooks: HookSeen[] = [];
    session.on("status", (event) => statuses.push(event.status));
    session.on("hook", (hook) => hooks.push(hookSeen(row, hook)));
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
    const stop = hooks.find((hook) => hook.name === row.turnHooks.turnEnd);
    const lag = row.turnHooks.replyMayLag;
    if (lag === undefined) expect(stop?.lastAssistantMessage).toContain(reply);
    else {
      // The row's typed reason: the hook may come before the reply is on disk, so its text
      // is absent or this turn's, and the record it names holds the reply.
      expect(stop).toBeDefined();
      expect([undefined, reply]).toContain(stop?.lastAssistantMessage);
      expect(readFileSync(stop?.recordPath ?? "no record named", "utf8")).toContain(reply);
    }
    expect(hooks.some((hook) => hook.name === row.turnHooks.promptAccepted)).toBe(true);
    expect(userTurns(row, fx)).toHaveLength(1);
    await session.close();
  });

  test("C-API-52: off() before start detaches the handler for good; teardown() before start is a no-op", async () => {
    const fx = await newFixture(row.fixture);
    const reply = token("Off before start");
    fx.server.turn({ match: /after off/, steps: [{ say: reply }] });
    const session = create(row, fx);
    const removed: ElwoodSessionStatus[] = [];
    const kept: ElwoodSessionStatus[] = [];
    const removedHandler = (event: ElwoodStatusEvent) => removed.push(event.status);
    const keptHandler = (event: ElwoodStatusEvent) => kept.push(event.status);
    session.on("status", removedHandler);
    session.on("status", keptHandler);
    session.off("status", removedHandler);
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
    const fx = await newFixture(row.fixture);
    const session = create(row, fx);
    const starting = session.start();
    await session.close();
    const started = await starting;
    expect(session.session).toBe(started);
    expect(started.status).toBe("stopped");
    expect(await survivorsInHome(fx.home.home)).toEqual([]);
  });

  test("C-API-51 C-LIFE-05: close() before start is a no-op; close() after use leaves no process", async () => {
    const fx = await newFixture(row.fixture);
    const reply = token("Closing soon");
    fx.server.turn({ match: /one turn/, steps: [{ say: reply }] });
    const session = create(row, fx);
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
    const fx = await newFixture(row.fixture);
    const session = create(row, fx, { executable: `/nonexistent/${row.agent}` });
    const failure = await session.send("never sent").then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ElwoodError);
    const notFound = ELWOOD_AGENTS.get(row.agent).errorNames.notFound;
    expect(notFound).toBe(`${row.agent}_not_found`);
    expect(failure).toMatchObject({ name: notFound });
    expect(String((failure as Error).message)).toContain(`/nonexistent/${row.agent}`);
    expect(session.session).toBeUndefined();
    expect(session.status).toBe("starting");
    // A failed start leaves nothing behind and close() stays a no-op.
    await session.close();
    expect(await survivorsInHome(fx.home.home)).toEqual([]);
    expect(fx.server.requests).toEqual([]);
  });

  test("C-API-47: cwd defaults to process.cwd() and a relative stateDir is fixed at construction", async () => {
    const fx = await newFixture(row.fixture);
    const reply = token("Right folder");
    fx.server.turn({ match: /where am i/, steps: [{ say: reply }] });
    const elsewhere = await realpath(await mkdtemp(join(tmpdir(), "elwood-e2e-elsewhere-")));
    fx.defer(() => rm(elsewhere, { recursive: true, force: true }));
    const original = process.cwd();
    let session: LazyRowSession;
    process.chdir(fx.workspace);
    try {
      session = create(row, fx, { defaultCwd: true, stateDir: "relative-state" });
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
