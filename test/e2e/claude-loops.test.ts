// Real Claude driven by Elwood-owned loops (issue 8 "Done when" 2–4): a fixed loop's
// message reaches the model server and `fired` carries both times; a due loop waits
// out a running turn; stop/resume restores the loop with its id and jitter; kill clears
// it; a tampered sidecar fails resume with state_corrupt and nothing is submitted.
// Loop time runs 10× faster: each session gets a scaled clock (prd/loops.md "Test clock").
import { chmodSync, chownSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { resumeClaude, startClaude } from "../../src/agents.js";
import type { ElwoodLoopEvent } from "../../src/core/contract/loops.js";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import { SESSION_TIME } from "../../src/session/define-agent.js";
import {
  type ClaudeFixture,
  conversationText,
  ensureGone,
  rejection,
  token,
  userTurnRequests,
} from "../support/claude-e2e.js";
import { scaledTime } from "../support/loop-clock.js";
import { processesInHome, survivorsInHome, waitFor } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const SPEED = 10;
/** A session's waits run on its scaled clock too: `wall(ms)` waits `ms` of real time. */
const wall = (ms: number) => ms * SPEED;
const newFixture = useRealCliFixture({ trusted: true });

/** One clock for every session here, so a resumed session's times follow the first's. */
const time = scaledTime(SPEED);

function loopEvents(session: ElwoodAgentSession): ElwoodLoopEvent[] {
  const events: ElwoodLoopEvent[] = [];
  session.on("loop", (event) => events.push(event));
  return events;
}

async function firedFor(events: ElwoodLoopEvent[], loopId: string, timeoutMs = 60_000) {
  await waitFor(() => events.some((e) => e.kind === "fired" && e.loopId === loopId), { timeoutMs });
  const fired = events.find((e) => e.kind === "fired" && e.loopId === loopId);
  if (fired?.kind !== "fired") throw new Error("unreachable");
  return fired;
}

function requestsWith(fx: ClaudeFixture, text: string) {
  return userTurnRequests(fx.server).filter((request) => conversationText(request).includes(text));
}

async function readySession(fx: ClaudeFixture, elwoodSessionId?: string) {
  const options = {
    cwd: fx.workspace,
    env: fx.home.env,
    stateDir: fx.stateDir,
    [SESSION_TIME]: time,
  };
  const session =
    elwoodSessionId === undefined
      ? await startClaude(options)
      : await resumeClaude({ ...options, elwoodSessionId });
  fx.defer(() => ensureGone(session));
  await session.waitForStatus((status) => status === "ready", wall(90_000));
  return session;
}

async function untilLoopState(session: ElwoodAgentSession, state: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while ((await session.listLoops())[0]?.state !== state) {
    if (Date.now() > deadline) throw new Error(`no loop reached state ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("Claude loops against the real CLI", () => {
  test("C-LOOP-05 C-LOOP-08 C-LOOP-09 C-LOOP-16: a fixed loop reaches the model; a due loop waits out a running turn", async () => {
    const fx = await newFixture();
    const alpha = token("loop-alpha");
    const beta = token("loop-beta");
    const slow = token("slow-caller");
    fx.server.turn({ match: alpha, steps: [{ say: "alpha done" }], repeat: true });
    fx.server.turn({ match: beta, steps: [{ say: "beta done" }], repeat: true });
    fx.server.turn({ match: slow, steps: [{ pause: 15_000 }, { say: "slow done" }] });
    const session = await readySession(fx);
    const events = loopEvents(session);

    const first = await session.createLoop({ mode: "fixed", intervalMs: 60_000, message: alpha });
    const fired = await firedFor(events, first.id);
    expect(fired.scheduledDueAt).toBe(first.createdAt + 60_000 + first.jitterMs);
    expect(fired.submittedAt).toBeGreaterThanOrEqual(fired.scheduledDueAt);
    expect(fired.snapshot).toMatchObject({ id: first.id, state: "submitted" });
    await fx.server.waitForRequest((request) => conversationText(request).includes(alpha), 60_000);
    await session.waitForStatus((status) => status === "ready", wall(60_000));
    await session.cancelLoop(first.id);
    expect(JSON.stringify(events)).not.toContain(alpha);

    // A slow caller turn is running when the second loop comes due.
    const second = await session.createLoop({ mode: "fixed", intervalMs: 60_000, message: beta });
    await session.sendMessage(slow);
    await session.waitForStatus((status) => status === "running", wall(30_000));
    await untilLoopState(session, "due", 30_000);
    expect(session.status).toBe("running");
    expect(requestsWith(fx, beta)).toEqual([]);
    let readyAt = 0;
    session.on("status", (event) => {
      if (event.status === "ready" && readyAt === 0) readyAt = Date.now();
    });
    const betaFired = await firedFor(events, second.id, 90_000);
    expect(readyAt).toBeGreaterThan(0);
    expect(betaFired.submittedAt - betaFired.scheduledDueAt).toBeGreaterThan(30_000);
    const request = await fx.server.waitForRequest(
      (logged) => conversationText(logged).includes(beta),
      60_000,
    );
    expect(request.at).toBeGreaterThanOrEqual(readyAt);
    expect(events.filter((e) => e.kind === "fired" && e.loopId === second.id)).toHaveLength(1);
    await session.stop();
  });

  test("C-LOOP-12 C-LOOP-14: stop keeps the loop for resume (same id and jitter, fires again); kill clears it", async () => {
    const fx = await newFixture();
    const word = token("loop-resume");
    fx.server.turn({ match: "hello", steps: [{ say: "hi" }] });
    fx.server.turn({ match: word, steps: [{ say: "resumed loop done" }], repeat: true });
    const first = await readySession(fx);
    await first.sendMessage("hello");
    await first.waitForActivity((event) => event.kind === "assistant_message", wall(60_000));
    await first.waitForStatus((status) => status === "ready", wall(60_000));
    const created = await first.createLoop({ mode: "fixed", intervalMs: 120_000, message: word });
    await first.stop();
    expect((await first.listLoops()).map((loop) => [loop.id, loop.state])).toEqual([
      [created.id, "waiting"],
    ]);

    const resumed = await readySession(fx, first.elwoodSessionId);
    const events = loopEvents(resumed);
    const [restored] = await resumed.listLoops();
    expect(restored).toMatchObject({
      id: created.id,
      jitterMs: created.jitterMs,
      createdAt: created.createdAt,
    });
    const fired = await firedFor(events, created.id, 120_000);
    expect(fired.scheduledDueAt).toBeGreaterThan(created.createdAt + 120_000 + created.jitterMs);
    await fx.server.waitForRequest((request) => conversationText(request).includes(word), 60_000);
    await resumed.waitForStatus((status) => status === "ready", wall(60_000));

    await resumed.kill();
    expect(events.at(-1)).toMatchObject({ kind: "cancelled", loopId: created.id, reason: "kill" });
    const afterKill = await readySession(fx, first.elwoodSessionId);
    expect(await afterKill.listLoops()).toEqual([]);
    await afterKill.stop();
  });

  test("C-LOOP-21: a tampered sidecar fails resume with state_corrupt and nothing is submitted", async () => {
    const fx = await newFixture();
    const word = token("loop-tampered");
    fx.server.turn({ match: "hello", steps: [{ say: "hi" }] });
    fx.server.turn({ match: word, steps: [{ say: "must not run" }], repeat: true });
    const session = await readySession(fx);
    await session.sendMessage("hello");
    await session.waitForActivity((event) => event.kind === "assistant_message", wall(60_000));
    await session.waitForStatus((status) => status === "ready", wall(60_000));
    await session.createLoop({ mode: "fixed", intervalMs: 600_000, message: word });
    await session.stop();
    const sidecar = join(fx.stateDir, "sessions", session.elwoodSessionId, "loops.json");
    const original = readFileSync(sidecar, "utf8");
    const isRoot = process.getuid?.() === 0;
    const tamperings: [string, () => void, () => void][] = [
      ["bad JSON", () => writeFileSync(sidecar, "{oops"), () => writeFileSync(sidecar, original)],
      ["group-writable", () => chmodSync(sidecar, 0o620), () => chmodSync(sidecar, 0o600)],
    ];
    if (isRoot)
      tamperings.push([
        "foreign owner",
        () => chownSync(sidecar, 54_321, 54_321),
        () => chownSync(sidecar, 0, 0),
      ]);
    await session.waitForStatus((status) => status === "stopped", wall(10_000));
    expect(await survivorsInHome(fx.home.home)).toEqual([]);
    for (const [label, tamper, restore] of tamperings) {
      tamper();
      const error = await rejection(
        resumeClaude({
          elwoodSessionId: session.elwoodSessionId,
          cwd: fx.workspace,
          env: fx.home.env,
          stateDir: fx.stateDir,
        }),
      );
      expect(error.name, label).toBe("state_corrupt");
      restore();
    }
    expect(processesInHome(fx.home.home)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(requestsWith(fx, word)).toEqual([]);
  });
});
