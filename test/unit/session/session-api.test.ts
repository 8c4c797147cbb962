// The public session object's contract over a live runtime (api.md §5.3): every async
// method on a finished session rejects (never throws), waits settle and unsubscribe, and
// typed listeners attach and detach. Fake clock, scripted Claude behind the real ClaudeSession.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ClaudeSession } from "../../../src/agents.js";
import type { ElwoodSessionStatus } from "../../../src/core/contract/status.js";
import type { ElwoodActivityEvent } from "../../../src/core/contract/types.js";
import { ElwoodError } from "../../../src/errors.js";
import { FakeClaude } from "../../support/fake-agents/fake-claude.js";
import { settledOutcome } from "../../support/fake-agents/settle.js";

async function readySession(): Promise<{ cli: FakeClaude; session: ClaudeSession }> {
  const cli = new FakeClaude();
  cli.boot();
  await vi.advanceTimersByTimeAsync(100);
  expect(cli.session.status).toBe("ready");
  countSubscriptions(cli);
  return { cli, session: cli.session };
}

/** Settles `pending` under the fake clock in 10 ms steps (at most `budgetMs`). */
function outcomeOf<T>(pending: Promise<T>, budgetMs = 1_000) {
  return settledOutcome(pending, budgetMs, 10);
}

const liveSubscriptions = new WeakMap<FakeClaude, Map<string, number>>();

/** Counts the runtime's live subscriptions per event from here on (on() until its unsubscribe). */
function countSubscriptions(cli: FakeClaude): void {
  const live = new Map<string, number>();
  liveSubscriptions.set(cli, live);
  const { events } = cli.runtime.context;
  const subscribe = events.on.bind(events);
  vi.spyOn(events, "on").mockImplementation((event, handler) => {
    live.set(event, (live.get(event) ?? 0) + 1);
    const unsubscribe = subscribe(event, handler);
    let isLive = true;
    return () => {
      if (isLive) live.set(event, (live.get(event) ?? 0) - 1);
      isLive = false;
      unsubscribe();
    };
  });
}

const listenerCount = (cli: FakeClaude, event: "status" | "activity") =>
  liveSubscriptions.get(cli)?.get(event) ?? 0;

describe("ElwoodAgentSession on a live runtime", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("C-API-25: every async method on a finished session returns a promise rejected with session_not_running", async () => {
    const { cli, session } = await readySession();
    cli.exit(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(session.status).toBe("exited");
    // Not here by rule: listLoops/cancelLoop still work on an ended session (the loops table), and
    // stop/kill/teardown on one re-reap or remove state (lifecycle "Stop, kill, teardown").
    const calls: Record<string, () => Promise<unknown>> = {
      waitForStatus: () => session.waitForStatus((status) => status === "ready"),
      waitForActivity: () => session.waitForActivity(() => true),
      send: () => session.send("hello"),
      sendPrompt: () => session.sendPrompt("hello"),
      sendMessage: () => session.sendMessage("hello"),
      sendGuidance: () => session.sendGuidance("hello"),
      sendKeys: () => session.sendKeys("x"),
      resize: () => session.resize({ cols: 120, rows: 40 }),
      interrupt: () => session.interrupt(),
      compact: () => session.compact(),
      listModels: () => session.listModels(),
      setModel: () => session.setModel("sonnet"),
      createLoop: () => session.createLoop({ mode: "fixed", intervalMs: 60_000, message: "tick" }),
      login: () => session.login({ provideCode: () => "code" }),
      streamNext: () => session.stream("hello")[Symbol.asyncIterator]().next(),
    };
    const names: string[] = [];
    for (const [name, call] of Object.entries(calls)) {
      let pending: Promise<unknown> | undefined;
      expect(() => {
        pending = call();
      }, name).not.toThrow();
      expect(pending, name).toBeInstanceOf(Promise);
      const { error } = await outcomeOf(pending as Promise<unknown>);
      expect(ElwoodError.is(error, "session_not_running"), `${name}: ${String(error)}`).toBe(true);
      names.push(name);
    }
    expect(names).toHaveLength(Object.keys(calls).length);
    // Nothing reached the dead CLI.
    expect(cli.writes).toEqual([]);
  });

  it("C-API-25: a bad argument on a finished session still rejects rather than throwing", async () => {
    const { cli, session } = await readySession();
    cli.exit(0);
    await vi.advanceTimersByTimeAsync(100);
    let pending: Promise<unknown> | undefined;
    expect(() => {
      pending = session.sendKeys(42 as unknown as string);
    }).not.toThrow();
    const { error } = await outcomeOf(pending as Promise<unknown>);
    expect(error).toBeInstanceOf(ElwoodError);
  });
});

describe("waitForStatus / waitForActivity (C-API-34)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("C-API-34: waitForStatus resolves at once on the current status, without subscribing", async () => {
    const { cli, session } = await readySession();
    const before = listenerCount(cli, "status");
    const { value } = await outcomeOf(session.waitForStatus((status) => status === "ready"));
    expect(value).toBe("ready");
    expect(listenerCount(cli, "status")).toBe(before);
  });

  it("C-API-34: both resolve on the next match and then unsubscribe", async () => {
    const { cli, session } = await readySession();
    const statusBefore = listenerCount(cli, "status");
    const activityBefore = listenerCount(cli, "activity");
    let blockedAt: ElwoodSessionStatus | undefined;
    let attention: ElwoodActivityEvent | undefined;
    void session
      .waitForStatus((status) => status === "blocked", 10_000)
      .then((status) => {
        blockedAt = status;
      });
    void session
      .waitForActivity((event) => event.kind === "attention", 10_000)
      .then((event) => {
        attention = event;
      });
    expect(listenerCount(cli, "status")).toBe(statusBefore + 2);
    expect(listenerCount(cli, "activity")).toBe(activityBefore + 1);
    cli.showDialog(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(blockedAt).toBe("blocked");
    expect(attention?.kind).toBe("attention");
    expect(listenerCount(cli, "status")).toBe(statusBefore);
    expect(listenerCount(cli, "activity")).toBe(activityBefore);
  });

  it("C-API-34: a wait that times out rejects wait_timeout (default 60 s) and unsubscribes", async () => {
    const { cli, session } = await readySession();
    const before = listenerCount(cli, "status");
    const statusWait = outcomeOf(
      session.waitForStatus((status) => status === "blocked"),
      61_000,
    );
    const activityWait = outcomeOf(
      session.waitForActivity(() => false, 2_000),
      3_000,
    );
    const activity = await activityWait;
    expect(ElwoodError.is(activity.error, "wait_timeout")).toBe(true);
    const status = await statusWait;
    expect(ElwoodError.is(status.error, "wait_timeout")).toBe(true);
    expect((status.error as ElwoodError).details.timeoutMs).toBe(60_000);
    expect(listenerCount(cli, "status")).toBe(before);
    expect(listenerCount(cli, "activity")).toBe(0);
  });

  it("C-API-34: a session ending first rejects session_not_running; an ended one rejects at once", async () => {
    const { cli, session } = await readySession();
    const statusWait = outcomeOf(
      session.waitForStatus((status) => status === "blocked"),
      5_000,
    );
    const activityWait = outcomeOf(
      session.waitForActivity(() => false),
      5_000,
    );
    cli.exit(2);
    expect(ElwoodError.is((await statusWait).error, "session_not_running")).toBe(true);
    expect(ElwoodError.is((await activityWait).error, "session_not_running")).toBe(true);
    expect(listenerCount(cli, "activity")).toBe(0);
    // Already terminal: a status wait that matches it resolves, anything else rejects.
    expect((await outcomeOf(session.waitForStatus((status) => status === "exited"))).value).toBe(
      "exited",
    );
    const late = await outcomeOf(session.waitForStatus((status) => status === "ready"));
    expect(ElwoodError.is(late.error, "session_not_running")).toBe(true);
    const lateActivity = await outcomeOf(session.waitForActivity(() => true));
    expect(ElwoodError.is(lateActivity.error, "session_not_running")).toBe(true);
  });
});

describe("typed listeners (C-API-08)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("C-API-08: on() delivers typed events until its unsubscribe runs; off() detaches a handler", async () => {
    const { cli, session } = await readySession();
    const viaUnsubscribe: ElwoodSessionStatus[] = [];
    const viaOff: ElwoodSessionStatus[] = [];
    const kept: ElwoodSessionStatus[] = [];
    const offHandler = (event: { status: ElwoodSessionStatus }) => viaOff.push(event.status);
    const unsubscribe = session.on("status", (event) => viaUnsubscribe.push(event.status));
    session.on("status", offHandler);
    session.on("status", (event) => kept.push(event.status));
    cli.showDialog(true);
    await vi.advanceTimersByTimeAsync(500);
    unsubscribe();
    session.off("status", offHandler);
    cli.showDialog(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(viaUnsubscribe).toEqual(["blocked"]);
    expect(viaOff).toEqual(["blocked"]);
    expect(kept).toEqual(["blocked", "ready"]);
  });

  it("C-API-08: hook and exit events reach typed listeners, and a detached one hears nothing", async () => {
    const { cli, session } = await readySession();
    const hooks: string[] = [];
    const detached: string[] = [];
    const exits: number[] = [];
    session.on("hook", (event) => hooks.push(event.hook_event_name));
    session.on("hook", (event) => detached.push(event.hook_event_name))();
    session.on("terminal:exit", (event) => exits.push(event.exitCode));
    cli.hook({ hook_event_name: "Notification", message: "hi", notification_type: "idle" });
    cli.exit(5);
    await vi.advanceTimersByTimeAsync(100);
    expect(hooks).toEqual(["Notification"]);
    expect(detached).toEqual([]);
    expect(exits).toEqual([5]);
  });
});

describe("the Claude session's control surface (C-API-04)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("C-API-04: sendPrompt, sendKeys and resize reach the live CLI; stop, kill and teardown each end the session", async () => {
    const { cli, session } = await readySession();
    const prompt = await outcomeOf(session.sendPrompt("SURFACE-prompt"), 5_000);
    expect(prompt.error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(cli.received).toEqual(["SURFACE-prompt"]);
    expect((await outcomeOf(session.sendKeys("k"))).error).toBeUndefined();
    expect(cli.writes.at(-1)).toBe("k");
    expect((await outcomeOf(session.resize({ cols: 150, rows: 50 }))).error).toBeUndefined();
    expect(cli.size).toEqual({ cols: 150, rows: 50 });
    expect((await outcomeOf(session.stop(), 10_000)).error).toBeUndefined();
    expect(session.status).toBe("stopped");
    expect(cli.signals).toEqual(["SIGHUP"]);

    const killed = await readySession();
    expect((await outcomeOf(killed.session.kill(), 10_000)).error).toBeUndefined();
    expect(killed.session.status).toBe("killed");
    expect(killed.cli.signals).toEqual(["SIGKILL"]);

    const tornDown = await readySession();
    expect((await outcomeOf(tornDown.session.teardown(), 10_000)).error).toBeUndefined();
    expect(tornDown.session.status).toBe("torn_down");
    expect(tornDown.cli.stateCalls).toEqual(["removeSession"]);
  });
});
