// A third agent is one folder (issue 11, Done-when 3): the scripted echo CLI in
// test/agents/echo/, defined with defineAgent and driven through a real PTY by the
// unchanged runtime, starts, answers send(), resumes its own conversation with its
// persisted posture, and tears down leaving no process and no state.
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ElwoodError } from "../../../src/errors.js";
import { StateStore } from "../../../src/state/index.js";
import { EchoSession, resumeEcho, startEcho, startOrResumeEcho } from "../../agents/echo/agent.js";
import { processesWithEnv, waitFor } from "../../support/process-table.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function workspace() {
  const root = mkdtempSync(path.join(tmpdir(), "elwood-echo-"));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const home = path.join(root, "home");
  return {
    cwd: root,
    stateDir: path.join(root, "state"),
    home,
    env: { ...process.env, ECHO_AGENT_HOME: home },
  };
}

/** Nothing started with the workspace's agent home still runs (found by environment). */
async function expectNothingFrom(home: string): Promise<void> {
  const running = () => processesWithEnv("ECHO_AGENT_HOME", home);
  await waitFor(() => running().length === 0, { timeoutMs: 10_000 });
  expect(running()).toEqual([]);
}

describe("the echo agent: a third agent defined in one test folder", () => {
  it("starts, takes a turn, resumes its conversation and tears down to nothing", async () => {
    const ws = workspace();
    const session = new EchoSession({
      cwd: ws.cwd,
      stateDir: ws.stateDir,
      env: ws.env,
      shout: true,
    });
    cleanups.push(() => session.kill().catch(() => undefined));
    expect(await session.send("hello there")).toBe("ECHO #1: HELLO THERE");
    expect(await session.send("second")).toBe("ECHO #2: SECOND");
    const started = session.session;
    if (started === undefined) throw new Error("send() did not start the session");
    expect(started.agent).toBe("echo");
    const id = started.elwoodSessionId;
    await session.stop();
    expect(session.status).toBe("stopped");
    await expectNothingFrom(ws.home);

    // Resume continues the same conversation (prompt #3), with the persisted posture.
    const resumed = await resumeEcho({
      elwoodSessionId: id,
      cwd: ws.cwd,
      stateDir: ws.stateDir,
      env: ws.env,
    });
    cleanups.push(() => resumed.kill().catch(() => undefined));
    await resumed.waitForStatus((status) => status === "ready", 20_000);
    const reply = resumed.waitForActivity(
      (event) => event.kind === "assistant_message" && event.source === "transcript",
      20_000,
    );
    await resumed.sendPrompt("again");
    expect((await reply).text).toBe("ECHO #3: AGAIN");
    expect(resumed.elwoodSessionId).toBe(id);

    const store = await StateStore.open({ cwd: ws.cwd, stateDir: ws.stateDir });
    const sessionDir = store.sessionDir(id);
    const socketHome = store.socketHome("echo", id);
    const privateDir = await store.privateDir(id);
    expect(existsSync(sessionDir)).toBe(true);
    expect(existsSync(privateDir)).toBe(true);
    await resumed.teardown();
    expect(resumed.status).toBe("torn_down");
    await expectNothingFrom(ws.home);
    expect(existsSync(sessionDir)).toBe(false);
    expect(existsSync(privateDir)).toBe(false);
    expect(existsSync(socketHome)).toBe(false);
    expect(readdirSync(path.join(ws.stateDir, "sessions"))).toEqual([]);
  });

  it("startOrResume resumes a known session and starts fresh for an unknown one", async () => {
    const ws = workspace();
    const common = { cwd: ws.cwd, stateDir: ws.stateDir, env: ws.env };
    const first = await startEcho(common);
    cleanups.push(() => first.kill().catch(() => undefined));
    await first.waitForStatus((status) => status === "ready", 20_000);
    await first.sendPrompt("one");
    await first.waitForActivity((event) => event.kind === "assistant_message", 20_000);
    await first.stop();

    const again = await startOrResumeEcho({ ...common, elwoodSessionId: first.elwoodSessionId });
    cleanups.push(() => again.session.teardown().catch(() => undefined));
    expect(again.resumed).toBe(true);
    expect(again.session.elwoodSessionId).toBe(first.elwoodSessionId);
    await again.session.waitForStatus((status) => status === "ready", 20_000);
    await again.session.teardown();

    const fresh = await startOrResumeEcho({ ...common, elwoodSessionId: "never-seen" });
    cleanups.push(() => fresh.session.teardown().catch(() => undefined));
    expect(fresh.resumed).toBe(false);
    expect(fresh.session.elwoodSessionId).not.toBe(first.elwoodSessionId);
    await fresh.session.waitForStatus((status) => status === "ready", 20_000);
    await fresh.session.teardown();
  });

  it("resume is refused for another agent's record (adapter_mismatch), before anything spawns", async () => {
    const ws = workspace();
    const store = await StateStore.open({ cwd: ws.cwd, stateDir: ws.stateDir });
    await store.writeRecord({
      schemaVersion: 1,
      elwoodSessionId: "other",
      adapter: "claude",
      cwd: store.cwd,
      resume: { agentSessionId: "c-1", posture: {} },
    });
    const { cwd, stateDir, env } = ws;
    const error = await resumeEcho({ elwoodSessionId: "other", cwd, stateDir, env }).catch(
      (caught: unknown) => caught,
    );
    expect(ElwoodError.is(error, "adapter_mismatch")).toBe(true);
  });

  it("fails with the error names the echo adapter declares, not a borrowed core name", async () => {
    const ws = workspace();
    const { cwd, stateDir, env } = ws;
    const executable = path.join(cwd, "no-such-echo");
    const error = await startEcho({ cwd, stateDir, env, executable }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ElwoodError);
    expect((error as ElwoodError<string>).name).toBe("echo_not_found");
  });
});
