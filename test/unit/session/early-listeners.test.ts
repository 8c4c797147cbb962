// Listeners subscribed before start see the start itself (issue 27): `status` reports
// `starting` when a start begins, and events the runtime emits while the session is still
// starting (before start() resolves) reach them, in order.
import { describe, expect, it } from "vitest";
import { ClaudeSession, type ClaudeSessionOptions } from "../../../src/agents.js";
import type { ElwoodStatusEvent } from "../../../src/core/contract/status.js";
import { ElwoodError } from "../../../src/errors.js";
import { TypedEmitter } from "../../../src/events/emitter.js";
import { SESSION_OPENER } from "../../../src/session/define-agent.js";

type Events = { status: ElwoodStatusEvent; "terminal:data": string };

// Just enough of a runtime for subscriptions: its context's event emitter.
function runtimeStub() {
  const events = new TypedEmitter<Events>();
  return { runtime: { context: { events } }, events };
}

function sessionOpenedBy(opener: (observe: (runtime: never) => void) => Promise<unknown>) {
  return new ClaudeSession({
    cwd: "/tmp/fake-workspace",
    [SESSION_OPENER]: opener,
  } as ClaudeSessionOptions);
}

describe("listeners attached before start", () => {
  it("receive starting, then what the runtime emits while it starts, then later events", async () => {
    const { runtime, events } = runtimeStub();
    const session = sessionOpenedBy(async (observe) => {
      observe(runtime as never);
      events.emit("status", { status: "running", previous: "starting" });
      events.emit("terminal:data", "boot screen");
      await new Promise((resolve) => setTimeout(resolve, 5));
      events.emit("status", { status: "ready", previous: "running" });
      return { runtime: runtime as never, resumed: false };
    });
    const seen: string[] = [];
    session.on("status", (event) => seen.push(`${event.previous}->${event.status}`));
    session.on("terminal:data", (data) => seen.push(`data:${data}`));
    await session.start();
    events.emit("status", { status: "running", previous: "ready" });
    expect(seen).toEqual([
      "starting->starting",
      "starting->running",
      "data:boot screen",
      "running->ready",
      "ready->running",
    ]);
  });

  it("a listener added while the start is in flight sees the rest of the start", async () => {
    const { runtime, events } = runtimeStub();
    let proceed: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      proceed = resolve;
    });
    let observed: () => void = () => {};
    const runtimeExists = new Promise<void>((resolve) => {
      observed = resolve;
    });
    const session = sessionOpenedBy(async (observe) => {
      observe(runtime as never);
      observed();
      await gate;
      events.emit("status", { status: "ready", previous: "running" });
      return { runtime: runtime as never, resumed: false };
    });
    const starting = session.start();
    await runtimeExists;
    const seen: string[] = [];
    session.on("status", (event) => seen.push(event.status));
    proceed();
    await starting;
    expect(seen).toEqual(["ready"]);
  });

  it("each start attempt reports starting; a failed one rejects after it", async () => {
    let attempts = 0;
    const { runtime } = runtimeStub();
    const session = sessionOpenedBy(async () => {
      attempts += 1;
      if (attempts === 1) throw new ElwoodError("pty_start_failed", "first attempt fails");
      return { runtime: runtime as never, resumed: false };
    });
    const seen: string[] = [];
    session.on("status", (event) => seen.push(event.status));
    await expect(session.start()).rejects.toMatchObject({ name: "pty_start_failed" });
    expect(seen).toEqual(["starting"]);
    await session.start();
    expect(seen).toEqual(["starting", "starting"]);
    expect(attempts).toBe(2);
  });

  it("shutdown before start reports nothing and starts nothing", async () => {
    let opened = false;
    const session = sessionOpenedBy(async () => {
      opened = true;
      throw new Error("must not open");
    });
    const seen: string[] = [];
    session.on("status", (event) => seen.push(event.status));
    await session.stop();
    expect(seen).toEqual([]);
    expect(opened).toBe(false);
  });
});
