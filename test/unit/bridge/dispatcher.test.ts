// HookDispatcher: every failure category, fail-open replies, and one outcome per
// dispatch, against the fake catalogue (seeds §6.3, spec api.md "Hook results").

import { afterEach, describe, expect, it, vi } from "vitest";
import type { HookCatalogue } from "../../../src/bridge/catalogue.js";
import {
  createHookDispatcher,
  type HookDispatcherOptions,
} from "../../../src/bridge/dispatcher.js";
import type { HookDispatchError, HookOutcome } from "../../../src/bridge/outcome.js";
import {
  type FakeHandlers,
  type FakeHookEvent,
  fakeCatalogue,
  fakeInput,
} from "../../fixtures/bridge-catalogue.js";

function setup(
  handlers: FakeHandlers | undefined,
  options: Partial<HookDispatcherOptions<FakeHandlers, FakeHookEvent>> = {},
) {
  const outcomes: HookOutcome[] = [];
  const errors: HookDispatchError[] = [];
  const events: FakeHookEvent[] = [];
  const dispatcher = createHookDispatcher<FakeHandlers, FakeHookEvent>({
    catalogue: fakeCatalogue,
    ...(handlers === undefined ? {} : { handlers }),
    hookTimeoutMs: 1000,
    onHook: (event) => events.push(event),
    onHookError: (error) => errors.push(error),
    onOutcome: (outcome) => outcomes.push(outcome),
    ...options,
  });
  return { dispatcher, outcomes, errors, events };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("HookDispatcher", () => {
  it("C-HOOK-03: an event with no handler is no decision and not failed-open", async () => {
    const { dispatcher, outcomes, errors, events } = setup({ Stop: () => undefined });
    const body = await dispatcher.dispatch(fakeInput("PreToolUse"), "PreToolUse");
    expect(body).toBeUndefined();
    expect(errors).toEqual([]);
    expect(events).toHaveLength(1);
    expect(outcomes).toEqual([
      { hookEventName: "PreToolUse", failedOpen: false, hasHandler: false },
    ]);
  });

  it("C-HRESP-06: a valid decision is serialized to the catalogue's wire JSON", async () => {
    const { dispatcher, outcomes, errors } = setup({ PreToolUse: () => ({ decision: "deny" }) });
    const body = await dispatcher.dispatch(fakeInput("PreToolUse"), "PreToolUse");
    const wire = {
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" },
    };
    expect(body).toBe(JSON.stringify(wire));
    expect(errors).toEqual([]);
    expect(outcomes).toEqual([
      {
        hookEventName: "PreToolUse",
        failedOpen: false,
        hasHandler: true,
        decision: { decision: "deny" },
        reply: wire,
      },
    ]);
  });

  it("C-HRESP-06: a handler returning nothing sends no output and is not a failure", async () => {
    const { dispatcher, outcomes } = setup({ Stop: async () => undefined });
    expect(await dispatcher.dispatch(fakeInput("Stop"), "Stop")).toBeUndefined();
    expect(outcomes[0]).toMatchObject({ failedOpen: false, hasHandler: true });
    expect(outcomes[0]).not.toHaveProperty("reply");
  });

  it("passes the tool-keyed flag and prefers the tool-keyed handler", async () => {
    const { dispatcher } = setup({
      PreToolUse: () => ({ decision: "allow" }),
      "tool:Bash": () => ({ decision: "deny" }),
    });
    const body = await dispatcher.dispatch(
      fakeInput("PreToolUse", { tool_name: "Bash" }),
      "PreToolUse",
    );
    expect(body).toContain('"deny"');
  });

  it("C-HOOK-04: a handler that never settles times out with timeoutMs and fails open", async () => {
    vi.useFakeTimers();
    const { dispatcher, outcomes, errors } = setup({ Stop: () => new Promise(() => {}) });
    const pending = dispatcher.dispatch(fakeInput("Stop"), "Stop");
    await vi.advanceTimersByTimeAsync(999);
    expect(errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBeUndefined();
    expect(errors).toEqual([
      expect.objectContaining({ hookEventName: "Stop", category: "timeout", timeoutMs: 1000 }),
    ]);
    expect(outcomes).toEqual([expect.objectContaining({ failedOpen: true, hasHandler: true })]);
  });

  it("C-HOOK-04: a handler past its deadline, or whose request was abandoned, sees its signal abort", async () => {
    vi.useFakeTimers();
    const signals: AbortSignal[] = [];
    const { dispatcher } = setup({
      Stop: (_event, { signal }) => {
        signals.push(signal);
        return new Promise(() => {});
      },
    });
    const timedOut = dispatcher.dispatch(fakeInput("Stop"), "Stop");
    await vi.advanceTimersByTimeAsync(999);
    expect(signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await timedOut;
    expect(signals[0]?.aborted).toBe(true);
    const abandoned = new AbortController();
    void dispatcher.dispatch(fakeInput("Stop"), "Stop", abandoned.signal);
    await vi.advanceTimersByTimeAsync(0);
    expect(signals[1]?.aborted).toBe(false);
    abandoned.abort();
    expect(signals[1]?.aborted).toBe(true);
  });

  it("C-HOOK-04: a slow handler that settles inside the deadline is not a timeout", async () => {
    vi.useFakeTimers();
    const slow = () =>
      new Promise((resolve) => setTimeout(() => resolve({ decision: "allow" }), 900));
    const { dispatcher, errors } = setup({ Stop: slow });
    const pending = dispatcher.dispatch(fakeInput("Stop"), "Stop");
    await vi.advanceTimersByTimeAsync(900);
    expect(await pending).toContain('"allow"');
    expect(errors).toEqual([]);
  });

  it("C-HOOK-05: a throwing handler is handler_error without timeoutMs", async () => {
    const { dispatcher, errors, outcomes } = setup({
      Stop: () => {
        throw new Error("boom");
      },
    });
    expect(await dispatcher.dispatch(fakeInput("Stop"), "Stop")).toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ category: "handler_error", hookEventName: "Stop" });
    expect(errors[0]?.message).toContain("boom");
    expect(errors[0]).not.toHaveProperty("timeoutMs");
    expect(outcomes[0]?.failedOpen).toBe(true);
  });

  it("C-HOOK-05: a rejecting handler is handler_error, even when it rejects late but in time", async () => {
    vi.useFakeTimers();
    const rejectLate = () =>
      new Promise((_, reject) => setTimeout(() => reject(new Error("no")), 999));
    const { dispatcher, errors } = setup({ Stop: rejectLate });
    const pending = dispatcher.dispatch(fakeInput("Stop"), "Stop");
    await vi.advanceTimersByTimeAsync(999);
    expect(await pending).toBeUndefined();
    expect(errors.map((error) => error.category)).toEqual(["handler_error"]);
    expect(errors[0]).not.toHaveProperty("timeoutMs");
  });

  it("C-HOOK-06: an invalid result is invalid_response and keeps the raw result", async () => {
    const { dispatcher, errors, outcomes } = setup({ Stop: () => ({ decision: "maybe" }) });
    expect(await dispatcher.dispatch(fakeInput("Stop"), "Stop")).toBeUndefined();
    expect(errors.map((error) => error.category)).toEqual(["invalid_response"]);
    expect(outcomes[0]).toMatchObject({ failedOpen: true, decision: { decision: "maybe" } });
  });

  it("C-HOOK-07: an input the catalogue rejects is invalid_input and never reaches a handler", async () => {
    const handler = vi.fn();
    const { dispatcher, errors, events } = setup({ Stop: handler });
    await dispatcher.dispatch({ hook_event_name: "Stop" }, "Stop");
    expect(handler).not.toHaveBeenCalled();
    expect(events).toEqual([]);
    expect(errors).toEqual([
      expect.objectContaining({ hookEventName: "Stop", category: "invalid_input" }),
    ]);
  });

  it("C-HOOK-07: an unnamed input takes the route's event name, else Unknown", async () => {
    const { dispatcher, errors } = setup({});
    await dispatcher.dispatch([1, 2], "PreToolUse");
    await dispatcher.dispatch(null, undefined);
    dispatcher.reportMalformed(undefined, "not JSON");
    dispatcher.reportMalformed("Stop", "not JSON");
    expect(errors.map((error) => [error.hookEventName, error.category])).toEqual([
      ["PreToolUse", "invalid_input"],
      ["Unknown", "invalid_input"],
      ["Unknown", "invalid_input"],
      ["Stop", "invalid_input"],
    ]);
  });

  it("C-HOOK-02: an input posted on another event's route fails open as invalid_input", async () => {
    const handler = vi.fn(() => ({ decision: "deny" }));
    const { dispatcher, errors } = setup({ Stop: handler });
    expect(await dispatcher.dispatch(fakeInput("Stop"), "PreToolUse")).toBeUndefined();
    expect(handler).not.toHaveBeenCalled();
    expect(errors[0]?.category).toBe("invalid_input");
  });

  it("a catalogue that throws, or a reply JSON cannot encode, is bridge_error once", async () => {
    const throwing: HookCatalogue<FakeHandlers, FakeHookEvent> = {
      ...fakeCatalogue,
      parse: () => {
        throw new Error("catalogue bug");
      },
    };
    const bigint: HookCatalogue<FakeHandlers, FakeHookEvent> = {
      ...fakeCatalogue,
      toWire: () => ({ ok: true, wire: { n: 1n } }),
    };
    for (const catalogue of [throwing, bigint]) {
      const { dispatcher, errors, outcomes } = setup({ Stop: () => ({}) }, { catalogue });
      expect(await dispatcher.dispatch(fakeInput("Stop"), "Stop")).toBeUndefined();
      expect(errors.map((error) => error.category)).toEqual(["bridge_error"]);
      expect(outcomes).toHaveLength(1);
      expect(outcomes[0]?.failedOpen).toBe(true);
    }
  });

  it("throwing parent callbacks never break a dispatch", async () => {
    const dispatcher = createHookDispatcher<FakeHandlers, FakeHookEvent>({
      catalogue: fakeCatalogue,
      handlers: { Stop: () => ({ decision: "allow" }) },
      onHook: () => {
        throw new Error("listener");
      },
      onOutcome: () => {
        throw new Error("listener");
      },
    });
    expect(await dispatcher.dispatch(fakeInput("Stop"), "Stop")).toContain('"allow"');
  });

  it("emits exactly one outcome per dispatch, whatever happens", async () => {
    const { dispatcher, outcomes } = setup({
      Stop: () => ({ decision: "allow" }),
      PreToolUse: () => {
        throw new Error("x");
      },
    });
    await dispatcher.dispatch(fakeInput("Stop"), "Stop");
    await dispatcher.dispatch(fakeInput("PreToolUse"), "PreToolUse");
    await dispatcher.dispatch(fakeInput("SessionStart"), "SessionStart");
    await dispatcher.dispatch("garbage", "Stop");
    dispatcher.reportMalformed("Stop", "bad");
    expect(outcomes.map((outcome) => outcome.failedOpen)).toEqual([false, true, false, true, true]);
  });

  it("reads handlers per dispatch through getHandlers", async () => {
    let handlers: FakeHandlers = {};
    const { dispatcher } = setup(undefined, { getHandlers: () => handlers });
    expect(await dispatcher.dispatch(fakeInput("Stop"), "Stop")).toBeUndefined();
    handlers = { Stop: () => ({ decision: "deny" }) };
    expect(await dispatcher.dispatch(fakeInput("Stop"), "Stop")).toContain('"deny"');
  });

  // A bad hookTimeoutMs is refused where it enters, by the start options' schema
  // (test/integration/options/entry-points.test.ts); the dispatcher takes it as given.
  it("defaults hookTimeoutMs to 30 s and takes a given one", () => {
    expect(createHookDispatcher({ catalogue: fakeCatalogue }).hookTimeoutMs).toBe(30_000);
    expect(createHookDispatcher({ catalogue: fakeCatalogue, hookTimeoutMs: 5 }).hookTimeoutMs).toBe(
      5,
    );
  });
});
