// login_expired (C-CLAUDE-18) and initial_ready_fallback (C-API-42) as the session's event
// surface sees them: one warning per lapse from either signal, re-armed only by a login()
// that succeeded; the first ready releases the queue even when a listener throws.
import { describe, expect, test } from "vitest";
import { CLAUDE_LOGIN_FACTS } from "../../../../src/claude/screen/login.js";
import { SessionClock } from "../../../../src/core/context/clock.js";
import { SessionEvents } from "../../../../src/core/context/session-events.js";
import type { ScreenReading } from "../../../../src/core/contract/adapter.js";
import type { TerminalPort } from "../../../../src/core/contract/ports.js";
import type { ElwoodWarningEvent } from "../../../../src/core/contract/warnings.js";
import { LoginExpiryWatch } from "../../../../src/core/operations/login-expiry.js";
import { releaseFirstReady } from "../../../../src/core/runtime/readiness.js";

const terminal = {
  onData: () => () => {},
} as unknown as TerminalPort;

function setup() {
  const events = new SessionEvents({ elwoodSessionId: "s1", agent: "claude", terminal });
  const warnings: ElwoodWarningEvent[] = [];
  events.on("warning", (warning) => warnings.push(warning));
  let isAuthFailure = false;
  const screen = { read: () => ({ isAuthFailure }) as ScreenReading } as never;
  const watch = new LoginExpiryWatch(
    { events, screen, clock: new SessionClock() },
    CLAUDE_LOGIN_FACTS,
  );
  const setBanner = (value: boolean) => {
    isAuthFailure = value;
  };
  return { events, warnings, watch, setBanner };
}

const stopFailure = (error: string) => ({ hook_event_name: "StopFailure", error });
// The screen is read a tick after the ready, outside the status delivery.
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("LoginExpiryWatch", () => {
  test("C-CLAUDE-18: one content-free warning per lapse, whichever signal comes first", async () => {
    const { events, warnings, setBanner } = setup();
    events.emitHook("StopFailure", stopFailure("rate_limit"));
    expect(warnings).toEqual([]);
    events.emitHook("StopFailure", stopFailure("authentication_failed"));
    setBanner(true);
    events.emitStatus("ready", "running");
    await tick();
    events.emitHook("StopFailure", stopFailure("authentication_failed"));
    expect(warnings).toEqual([
      expect.objectContaining({
        code: "login_expired",
        source: "terminal",
        recoveryCommand: "/login",
        agent: "claude",
      }),
    ]);
  });

  test("C-CLAUDE-18: after a successful login() the next lapse warns again, but not the old banner", async () => {
    const { events, warnings, watch, setBanner } = setup();
    setBanner(true);
    events.emitStatus("ready", "running");
    expect(warnings).toHaveLength(0); // never inside the status delivery
    await tick();
    expect(warnings).toHaveLength(1);
    watch.rearm();
    events.emitStatus("ready", "running"); // the old banner is still on screen
    await tick();
    expect(warnings).toHaveLength(1);
    setBanner(false);
    events.emitStatus("ready", "running");
    await tick();
    setBanner(true);
    events.emitStatus("ready", "running");
    await tick();
    expect(warnings).toHaveLength(2);
  });
});

describe("releaseFirstReady", () => {
  test("C-API-42: a throwing listener still releases the queue, then one isolated warning follows", async () => {
    const { events, warnings } = setup();
    events.on("status", () => {
      throw new Error("listener failure");
    });
    const order: string[] = [];
    releaseFirstReady({
      events,
      record: () => events.emitStatus("ready", "running"),
      release: () => order.push("released"),
    });
    expect(order).toEqual(["released"]);
    expect(warnings).toEqual([]); // not inside the bookkeeping: on a later tick
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toEqual([
      expect.objectContaining({ code: "initial_ready_fallback", source: "lifecycle" }),
    ]);
  });

  test("C-API-42: bookkeeping that throws itself is contained the same way; a clean one warns nothing", async () => {
    const { events, warnings } = setup();
    let released = 0;
    releaseFirstReady({
      events,
      record: () => {
        throw new Error("size restore broke");
      },
      release: () => (released += 1),
    });
    releaseFirstReady({ events, record: () => undefined, release: () => (released += 1) });
    await new Promise((resolve) => setImmediate(resolve));
    expect(released).toBe(2);
    expect(warnings.map((warning) => warning.code)).toEqual(["initial_ready_fallback"]);
  });
});
