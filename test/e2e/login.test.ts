// login recovery through the real Claude CLI (issue 12 "Done when" 4; prd/operations.md
// "login()" says what is covered where): a scripted 401 after ready gives exactly one
// login_expired warning and a session that stays usable; login() drives the real /login
// dialog offline up to the OAuth exchange (method list, allowlisted URL, paste prompt, one
// Enter), which fails without the sign-in service and closes with login_failed. Also the
// first-ready fallback warning (C-API-42) when a status listener throws at first ready.
import { describe, expect, test } from "vitest";
import { ClaudeSession } from "../../src/agents.js";
import type { ElwoodWarningEvent } from "../../src/core/contract/warnings.js";
import { rejection } from "../support/claude-e2e.js";
import { waitFor } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ trusted: true });

describe("Claude login recovery against the real CLI", () => {
  test("C-CLAUDE-18, C-API-43: a 401 after ready warns login_expired once; login() reaches the URL and code steps and fails cleanly offline", async () => {
    const fx = await newFixture();
    fx.server.turn({ match: "first question", steps: [{ say: "First answer" }] });
    const unauthorized = { fail: { status: 401, message: "invalid x-api-key" } };
    fx.server.turn({ match: "unauthorized-turn", steps: [unauthorized], repeat: true });
    // No retries, so the 401 surfaces at once instead of after minutes of back-off.
    const env = { ...fx.home.env, CLAUDE_CODE_MAX_RETRIES: "0" };
    const session = new ClaudeSession({ cwd: fx.workspace, env, stateDir: fx.stateDir });
    fx.defer(() => session.kill().catch(() => undefined));
    const warnings: ElwoodWarningEvent[] = [];
    session.on("warning", (warning) => warnings.push(warning));
    const loginExpired = () => warnings.filter((warning) => warning.code === "login_expired");

    expect(await session.send("first question")).toContain("First answer");
    await session.sendMessage("unauthorized-turn one");
    expect(await waitFor(() => loginExpired().length === 1, { timeoutMs: 30_000 })).toBe(true);
    await session.waitForStatus((status) => status === "ready", 30_000);
    await session.sendMessage("unauthorized-turn two");
    await session.waitForStatus((status) => status === "ready", 30_000);
    expect(loginExpired()).toEqual([
      expect.objectContaining({ code: "login_expired", recoveryCommand: "/login" }),
    ]);
    expect(JSON.stringify(loginExpired())).not.toContain("unauthorized-turn");

    // A code with a control character is refused before anything is pasted.
    const badCode = await rejection(
      session.login({ provideCode: () => "abc\u0007def", timeoutMs: 60_000 }),
    );
    expect(badCode.name).toBe("login_failed");
    expect(badCode.details).toMatchObject({ stage: "code" });

    // A well-formed code reaches the CLI, whose exchange with the sign-in service fails offline.
    const urls: string[] = [];
    let codeRequests = 0;
    const failed = await rejection(
      session.login({
        method: "claudeai",
        onAuthUrl: (url) => urls.push(url),
        provideCode: () => {
          codeRequests += 1;
          return "offline-code#offline-state";
        },
        timeoutMs: 60_000,
      }),
    );
    expect(failed.name).toBe("login_failed");
    expect(failed.details).toMatchObject({ stage: "code" });
    expect(codeRequests).toBe(1);
    expect(urls).toHaveLength(1);
    expect(new URL(urls[0] ?? "").protocol).toBe("https:");
    expect(new URL(urls[0] ?? "").hostname).toBe("claude.ai");
    // The dialog was closed and the session is alive: a turn completes (2.1.332 has
    // dropped its credentials once /login started, so it answers with its own "Not logged
    // in" line without asking the server), and no second login_expired is emitted.
    const screen = () => session.session?.terminal.snapshot().lines.join("\n") ?? "";
    expect(screen()).not.toMatch(/Paste code here|Select login method/);
    expect(await session.send("after login")).toMatch(/Not logged in · Please run \/login/);
    expect(session.status).toBe("ready");
    expect(loginExpired()).toHaveLength(1);
    await session.close();
  });

  test("C-API-42: a status listener that throws at the first ready still releases input and warns initial_ready_fallback once", async () => {
    const fx = await newFixture();
    fx.server.turn({ match: "hello", steps: [{ say: "Hello back" }] });
    const session = new ClaudeSession({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
    });
    fx.defer(() => session.kill().catch(() => undefined));
    const warnings: ElwoodWarningEvent[] = [];
    session.on("warning", (warning) => warnings.push(warning));
    session.on("status", (event) => {
      if (event.status === "ready") throw new Error("listener failure");
    });
    expect(await session.send("hello")).toContain("Hello back");
    const fallbacks = warnings.filter((warning) => warning.code === "initial_ready_fallback");
    expect(fallbacks).toEqual([
      expect.objectContaining({ code: "initial_ready_fallback", source: "lifecycle" }),
    ]);
    await session.close();
  });
});
