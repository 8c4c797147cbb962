// Real Claude start-up through Elwood: workspace trust answered (or surfaced as blocked),
// and the login shell's environment reaching the CLI (issue 5 "Done when", C-E2E-09).
import { describe, expect, test } from "vitest";
import { startClaude } from "../../src/agents.js";
import { ensureGone, record, token } from "../support/claude-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture();

describe("startClaude against the real CLI", () => {
  test("C-CLAUDE-10 C-E2E-09: autotrust answers the trust prompt of a fresh git workspace and reaches ready", async () => {
    const fx = await newFixture();
    const session = await startClaude({
      cwd: fx.workspace,
      autotrust: true,
      env: fx.home.env,
      stateDir: fx.stateDir,
    });
    fx.defer(() => ensureGone(session));
    const seen = record(session);
    await session.waitForStatus((status) => status === "ready", 90_000);
    expect(
      seen.activity.some(
        (event) => event.kind === "startup_prompt" && event.label === "workspace_trust",
      ),
    ).toBe(true);
    expect(seen.statuses).not.toContain("blocked");
    await session.stop();
    expect(session.status).toBe("stopped");
  });

  test("C-ATTN-01: without autotrust the trust prompt blocks the session with an attention activity", async () => {
    const fx = await newFixture();
    const session = await startClaude({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
    });
    fx.defer(() => ensureGone(session));
    const attention = session.waitForActivity((event) => event.kind === "attention", 90_000);
    await session.waitForStatus((status) => status === "blocked", 90_000);
    const event = await attention;
    expect(event.label.length).toBeGreaterThan(0);
    expect(session.status).toBe("blocked");
    await session.stop();
    expect(session.status).toBe("stopped");
  });

  test("C-E2E-02: a variable exported only by the home's shell profile reaches the CLI's Bash tool", async () => {
    const proof = token("elwood-proof");
    const fx = await newFixture({
      trusted: true,
      extraProfile: [`export ELWOOD_PROOF=${proof}`],
    });
    expect(process.env.ELWOOD_PROOF).toBeUndefined();
    expect(fx.home.env.ELWOOD_PROOF).toBeUndefined();
    fx.server.turn({
      match: "show the proof",
      steps: [
        { tool: { name: "Bash", input: { command: "echo $ELWOOD_PROOF" } } },
        { say: "Proof shown" },
      ],
    });
    const session = await startClaude({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      // 2.1.332 defaults to auto mode, which sets allow rules aside; "default" honours them.
      permissionMode: "default",
      allowedTools: ["Bash"],
    });
    fx.defer(() => ensureGone(session));
    await session.waitForStatus((status) => status === "ready", 90_000);
    await session.sendMessage("show the proof");
    const continuation = await fx.server.waitForRequest(
      (request) => request.toolResults.length > 0,
      60_000,
    );
    expect(continuation.toolResults.map((result) => result.text).join("\n")).toContain(proof);
    await session.stop();
  });
});
