// High trust against the real CLIs (C-E2E-16, C-CLAUDE-21, C-API-54): Claude's bypass-
// permissions acceptance is a trust prompt answered only under autotrust (and a block
// otherwise), after which the session is ready in bypass mode with no dialog left; Codex
// runs danger-full-access with approval "never", stored as the session's posture.
//
// These machines run the suite as root, where Claude refuses bypass mode unless told it
// runs in a sandbox (IS_SANDBOX=1, Claude's own switch); the test home exports it.
import { describe, expect, test } from "vitest";
import { startClaude, startCodex } from "../../src/agents.js";
import { StateStore } from "../../src/state/index.js";
import { ensureGone, record, recordedActivity, token } from "../support/claude-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ trusted: true, extraProfile: ["export IS_SANDBOX=1"] });

async function storedPosture(fx: { workspace: string; stateDir: string }, id: string) {
  const store = await StateStore.open({ cwd: fx.workspace, stateDir: fx.stateDir });
  return (await store.readRecord(id)).resume.posture;
}

describe("high trust against the real CLIs", () => {
  test("C-CLAUDE-21: without autotrust the bypass-permissions acceptance blocks and is never answered for you", async () => {
    const fx = await newFixture();
    const session = await startClaude({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      permissionMode: "bypassPermissions",
    });
    fx.defer(() => ensureGone(session));
    const attention = session.waitForActivity((event) => event.kind === "attention", 90_000);
    await session.waitForStatus((status) => status === "blocked", 90_000);
    expect((await attention).label).toContain("claude-bypass-permissions");
    // Still showing after a while: nobody chose for the user.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(session.status).toBe("blocked");
    expect(session.terminal.snapshot().text).toContain("Yes, I accept");
    await session.kill();
  });

  test("C-CLAUDE-21 C-E2E-16 C-API-54: highTrust with autotrust accepts bypass mode and reaches ready in it, no dialog left, posture stored", async () => {
    const fx = await newFixture();
    const answer = token("bypass-answer");
    fx.server.turn({ match: "in bypass mode", steps: [{ say: answer }] });
    const session = await startClaude({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      highTrust: true,
      autotrust: true,
    });
    fx.defer(() => ensureGone(session));
    const seen = record(session);
    await session.waitForStatus((status) => status === "ready", 90_000);
    expect(
      seen.activity.some(
        (event) => event.kind === "startup_prompt" && event.label === "bypass_permissions",
      ),
    ).toBe(true);
    expect(seen.statuses).not.toContain("blocked");
    const screen = session.terminal.snapshot().text;
    expect(screen).toContain("bypass permissions on");
    expect(screen).not.toContain("Yes, I accept");
    expect(await storedPosture(fx, session.elwoodSessionId)).toMatchObject({
      permissionMode: "bypassPermissions",
    });
    await session.sendMessage("in bypass mode");
    await recordedActivity(
      seen,
      (event) => event.kind === "assistant_message" && event.text.includes(answer),
      60_000,
    );
    await session.stop();
  });

  test("C-E2E-16 C-API-54: Codex under highTrust reaches ready and stores danger-full-access with approval never", async () => {
    const fx = await newFixture({ cli: "codex" });
    const answer = token("full-access-answer");
    fx.server.turn({ match: "with full access", steps: [{ say: answer }] });
    const session = await startCodex({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      highTrust: true,
      autotrust: true,
    });
    fx.defer(() => ensureGone(session));
    await session.waitForStatus((status) => status === "ready", 90_000);
    expect(await storedPosture(fx, session.elwoodSessionId)).toMatchObject({
      sandbox: "danger-full-access",
      approvalPolicy: "never",
    });
    await session.sendMessage("with full access");
    await session.waitForActivity(
      (event) => event.kind === "assistant_message" && event.text.includes(answer),
      60_000,
    );
    await session.stop();
  });
});
