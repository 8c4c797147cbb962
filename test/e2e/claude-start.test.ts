// Real Claude start-up through Elwood: workspace trust answered (or surfaced as blocked),
// and the login shell's environment reaching the CLI (issue 5 "Done when", C-E2E-09).
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ClaudeSession, startClaude } from "../../src/agents.js";
import { ensureGone, record, token } from "../support/claude-e2e.js";
import { sessionOnFixture, useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture();

describe("startClaude against the real CLI", () => {
  test("C-CLAUDE-10 C-E2E-09: autotrust answers the trust prompt of a fresh git workspace and reaches ready (C-API-18)", async () => {
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

  test("C-ATTN-01: without autotrust the trust prompt blocks the session with an attention activity (C-API-18)", async () => {
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

  test("C-ATTN-01 C-TRUST-01: without autotrust a start-up gate (a new project MCP server) blocks with its text; answerDialog answers it and the session reaches ready", async () => {
    const fx = await newFixture({ trusted: true });
    // Claude asks about a project's new .mcp.json server at start-up. The screen facts know
    // it (autotrust answers it, C-CLAUDE-14); without autotrust it is the caller's to answer.
    const mcp = { mcpServers: { "elwood-probe": { command: "true", args: [] } } };
    await writeFile(join(fx.workspace, ".mcp.json"), JSON.stringify(mcp));
    const session = await startClaude({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
    });
    fx.defer(() => ensureGone(session));
    const attention = session.waitForActivity((event) => event.kind === "attention", 90_000);
    await session.waitForStatus((status) => status === "blocked", 90_000);
    const event = await attention;
    expect(event.label).toBe("claude-mcp-trust");
    expect(event.text).toContain("New MCP server found in this project: elwood-probe");
    expect(event.text).toContain("Continue without using this MCP server");
    expect(event.text).not.toContain(fx.workspace);
    // Escape is this dialog's "reject": continue without the server. Claude paints the
    // dialog a moment before its key handler is live and drops a key sent in between;
    // answerDialog waits for it and presses again while the dialog stays up.
    const answer = await session.answerDialog("\x1b");
    expect(answer.label).toBe("claude-mcp-trust");
    await session.waitForStatus((status) => status === "ready", 90_000);
    await session.stop();
    expect(session.status).toBe("stopped");
  });

  test("C-CLAUDE-14: under autotrust a new project MCP server gate is answered (mcp_trust), without a block, and the session reaches ready", async () => {
    const fx = await newFixture({ trusted: true });
    const mcp = { mcpServers: { "elwood-probe": { command: "true", args: [] } } };
    await writeFile(join(fx.workspace, ".mcp.json"), JSON.stringify(mcp));
    // The lazy class takes listeners before it starts, so the gate's answer is not missed.
    const session = sessionOnFixture(fx, ClaudeSession, { autotrust: true });
    const labels: string[] = [];
    const statuses: string[] = [];
    session.on("activity", (event) => {
      if (event.kind === "startup_prompt") labels.push(event.label);
    });
    session.on("status", (event) => statuses.push(event.status));
    await session.start();
    await session.waitForStatus((status) => status === "ready", 90_000);
    expect(labels).toContain("mcp_trust");
    expect(statuses).not.toContain("blocked");
    await session.stop();
  });
});
