// Decisions are declared at start (issue 44, C-HOOK-01): which events a launch registers
// blocking, and what happens to a decision from an event registered observe-only.
import { describe, expect, it } from "vitest";
import { createHookDispatcher } from "../../../src/bridge/dispatcher.js";
import type { HookDispatchError, HookOutcome } from "../../../src/bridge/outcome.js";
import { declaredHookEvents, hookRegistration } from "../../../src/bridge/registration.js";
import {
  type FakeHandlers,
  type FakeHookEvent,
  fakeCatalogue,
  fakeInput,
} from "../../fixtures/bridge-catalogue.js";

describe("hook registration", () => {
  it("C-HOOK-01: a handler or tool map in hooks declares its event; other values do not", () => {
    const hooks = {
      PreToolUse: { Bash: () => undefined },
      Stop: () => undefined,
      PostToolUse: undefined,
    };
    expect(declaredHookEvents(hooks)).toEqual(["PreToolUse", "Stop"]);
    expect(declaredHookEvents(undefined)).toEqual([]);
  });

  it("C-HOOK-01: blocking are the declared events and Elwood's own; 'all' makes every event block", () => {
    const declared = hookRegistration({
      mode: "declared",
      declared: ["PreToolUse"],
      needed: ["Stop"],
    });
    expect(["PreToolUse", "Stop", "PostToolUse"].map(declared.isBlocking)).toEqual([
      true,
      true,
      false,
    ]);
    const all = hookRegistration({ mode: "all", declared: [], needed: [] });
    expect(all.isBlocking("PostToolUse")).toBe(true);
  });

  it("C-HOOK-01: a listener-only event is registered when declared, listened for at start, or with 'all'", () => {
    const listened = new Set(["MessageDisplay"]);
    const registration = (mode: "declared" | "all", declared: string[] = []) =>
      hookRegistration({
        mode,
        declared,
        needed: [],
        listenerOnly: ["PostToolBatch", "MessageDisplay"],
        isListened: (name) => listened.has(name),
      });
    const plain = registration("declared");
    expect(plain.isRegistered("PostToolBatch")).toBe(false);
    expect(plain.isRegistered("MessageDisplay")).toBe(true);
    expect(plain.isBlocking("MessageDisplay")).toBe(false);
    expect(plain.isRegistered("Notification")).toBe(true);
    expect(registration("declared", ["PostToolBatch"]).isRegistered("PostToolBatch")).toBe(true);
    expect(registration("all").isRegistered("PostToolBatch")).toBe(true);
  });
});

function dispatcherWith(
  handlers: FakeHandlers,
  observeOnly: readonly string[],
  unregistered: readonly string[] = [],
) {
  const errors: HookDispatchError[] = [];
  const outcomes: HookOutcome[] = [];
  const dispatcher = createHookDispatcher<FakeHandlers, FakeHookEvent>({
    catalogue: fakeCatalogue,
    handlers,
    hookTimeoutMs: 1000,
    isObserveOnly: (name) => observeOnly.includes(name),
    unregistered: () => unregistered,
    onHookError: (error) => errors.push(error),
    onOutcome: (outcome) => outcomes.push(outcome),
  });
  return { dispatcher, errors, outcomes };
}

describe("a decision from an event registered observe-only", () => {
  it("C-HOOK-18: is not sent and gives one undeclared_decision hookError naming `hooks`", async () => {
    const { dispatcher, errors, outcomes } = dispatcherWith(
      { PreToolUse: () => ({ decision: "deny" }) },
      ["PreToolUse"],
    );
    const body = await dispatcher.dispatch(fakeInput("PreToolUse"), "PreToolUse");
    expect(body).toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      hookEventName: "PreToolUse",
      category: "undeclared_decision",
    });
    expect(errors[0]?.message).toMatch(/declare the PreToolUse handler in `hooks`/);
    expect(outcomes[0]).toMatchObject({ failedOpen: true, hasHandler: true });
    expect(outcomes[0]?.reply).toBeUndefined();
  });

  it("C-HOOK-18: no decision is no error, and a blocking event's decision is sent", async () => {
    const { dispatcher, errors } = dispatcherWith(
      { PreToolUse: () => undefined, Stop: () => ({ decision: "deny" }) },
      ["PreToolUse"],
    );
    expect(await dispatcher.dispatch(fakeInput("PreToolUse"), "PreToolUse")).toBeUndefined();
    expect(await dispatcher.dispatch(fakeInput("Stop"), "Stop")).toBeDefined();
    expect(errors).toEqual([]);
  });

  it("an invalid result stays invalid_response, whatever the registration", async () => {
    const { dispatcher, errors } = dispatcherWith({ PreToolUse: () => ({ decision: 7 }) }, [
      "PreToolUse",
    ]);
    await dispatcher.dispatch(fakeInput("PreToolUse"), "PreToolUse");
    expect(errors.map((error) => error.category)).toEqual(["invalid_response"]);
  });

  it("C-HOOK-18: a handler added for an event the CLI was never told about is reported once, at the next dispatch", async () => {
    const handlers: Record<string, FakeHandlers[string]> = {};
    const { dispatcher, errors } = dispatcherWith(handlers, [], ["Setup"]);
    await dispatcher.dispatch(fakeInput("Stop"), "Stop");
    expect(errors).toEqual([]);
    handlers.Setup = () => undefined;
    await dispatcher.dispatch(fakeInput("Stop"), "Stop");
    await dispatcher.dispatch(fakeInput("PreToolUse"), "PreToolUse");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ hookEventName: "Setup", category: "undeclared_decision" });
    expect(errors[0]?.message).toMatch(/never called: declare it in `hooks`/);
  });
});
