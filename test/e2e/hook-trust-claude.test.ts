// Claude keeps the user's off switch (issue 48, C-TRUST-02): a user whose own
// ~/.claude/settings.json says `disableAllHooks: true` and still holds a hook gets no
// session that would run it. Claude 2.1.332 cannot run Elwood's hooks alone while the
// user's switch holds (with Elwood's pin both run, without it neither), so Elwood fails
// typed, `claude_hooks_disabled`, before spawning anything; once the user drops the
// switch, as the error says, the session works with Elwood's handler. Against the real
// pinned Claude, offline.
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ClaudeSession, startClaude } from "../../src/agents.js";
import { type ClaudeFixture, rejection, token } from "../support/claude-e2e.js";
import { toolResultText, waitForSay } from "../support/hooks-e2e.js";
import { processesInHome } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ cli: "claude", trusted: true });

/** The user's settings.json gains their own SessionStart and PreToolUse hooks and `switchedOff`. */
async function userHooks(fx: ClaudeFixture, switchedOff: boolean) {
  const ranFile = join(fx.home.home, `${token("user-hook-ran")}.txt`);
  const settingsPath = join(fx.home.home, ".claude", "settings.json");
  const settings = JSON.parse(await readFile(settingsPath, "utf8")) as Record<string, unknown>;
  const touching = [{ matcher: "*", hooks: [{ type: "command", command: `touch '${ranFile}'` }] }];
  await writeFile(
    settingsPath,
    JSON.stringify({
      ...settings,
      ...(switchedOff ? { disableAllHooks: true } : {}),
      hooks: { SessionStart: touching, PreToolUse: touching },
    }),
  );
  return { ranFile, settingsPath };
}

describe("Claude keeps the user's own disableAllHooks", () => {
  test("C-TRUST-02: the user's disableAllHooks: true with a hook that writes a file: ClaudeSession and startClaude fail claude_hooks_disabled naming the file, nothing is spawned or written, and the file never appears", async () => {
    const fx = await newFixture();
    const { ranFile, settingsPath } = await userHooks(fx, true);
    const options = { cwd: fx.workspace, env: fx.home.env, stateDir: fx.stateDir };
    const seen: string[] = [];
    const session = new ClaudeSession({
      ...options,
      hooks: { PreToolUse: () => void seen.push("x") },
    });
    fx.defer(() => session.kill().catch(() => undefined));
    const error = await rejection(session.start());
    expect(error.name).toBe("claude_hooks_disabled");
    expect(error.message).toContain(settingsPath);
    expect(error.message).toContain('remove "disableAllHooks"');
    expect(error.details).toMatchObject({ source: "user", setting: "disableAllHooks" });
    expect((await rejection(startClaude(options))).name).toBe("claude_hooks_disabled");
    expect(processesInHome(fx.home.home)).toEqual([]);
    expect(existsSync(fx.stateDir)).toBe(false);
    expect(existsSync(join(fx.workspace, ".elwood"))).toBe(false);
    expect(existsSync(ranFile)).toBe(false);
    expect(seen).toEqual([]);
  });

  test("C-TRUST-02: with the switch gone, as the error says, the session works with Elwood's PreToolUse handler (and the user's hooks run, their choice)", async () => {
    const fx = await newFixture();
    const { ranFile } = await userHooks(fx, false);
    const marker = token("allowed");
    fx.server.turn({
      match: /echo the marker/,
      steps: [{ tool: { name: "Bash", input: { command: `echo ${marker}` } } }, { say: "echoed" }],
    });
    const decided: string[] = [];
    const session = new ClaudeSession({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      hooks: {
        PreToolUse: (event) => {
          decided.push(event.tool_name);
          return { permissionDecision: "allow" };
        },
      },
    });
    fx.defer(() => session.kill().catch(() => undefined));
    await session.start();
    await session.waitForStatus((status) => status === "ready", 90_000);
    await session.sendMessage("echo the marker");
    const { text } = await toolResultText(fx, "anthropic");
    await waitForSay(session, "echoed");
    expect(text).toContain(marker);
    expect(decided).toEqual(["Bash"]);
    expect(existsSync(ranFile)).toBe(true);
    await session.stop();
  });
});
