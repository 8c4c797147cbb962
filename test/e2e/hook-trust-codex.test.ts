// Codex trusts Elwood's hooks and nobody else's (issue 48, C-CODEX-06, C-TRUST-02): a
// cloned repo's `.codex/hooks.json` that nobody reviewed stays skipped under Elwood, as
// in the user's terminal, while Elwood's own handler still decides; once the hooks are
// reviewed the way Codex records a review (the hash in the user's config.toml), they run
// under Elwood too. Against the real pinned Codex, offline.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CodexSession } from "../../src/agents.js";
import { codexHookCatalogue } from "../../src/codex/hooks/catalogue.js";
import type { CodexHookHandlers } from "../../src/codex/hooks/handlers.js";
import { codexBridgeOverrides } from "../../src/codex/launch/argv.js";
import { type ClaudeFixture, token } from "../support/claude-e2e.js";
import {
  codexHookListing,
  reviewCodexHooks,
  trustCodexFolder,
} from "../support/codex-hook-review.js";
import { toolResultText, touchAndEcho, waitForSay } from "../support/hooks-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ cli: "codex" });

interface RepoHooks {
  /** Files the repo's SessionStart and PreToolUse hooks leave behind when they run. */
  readonly sessionStartFile: string;
  readonly preToolUseFile: string;
}

/** A repo's `.codex/hooks.json` whose SessionStart and PreToolUse hooks each touch a file. */
async function plantRepoHooks(fx: ClaudeFixture): Promise<RepoHooks> {
  const sessionStartFile = join(fx.home.home, `${token("repo-session-start")}.txt`);
  const preToolUseFile = join(fx.home.home, `${token("repo-pre-tool-use")}.txt`);
  const touching = (file: string) => [
    { hooks: [{ type: "command", command: `cat > /dev/null; touch '${file}'` }] },
  ];
  const hooks = { SessionStart: touching(sessionStartFile), PreToolUse: touching(preToolUseFile) };
  await mkdir(join(fx.workspace, ".codex"), { recursive: true });
  await writeFile(join(fx.workspace, ".codex", "hooks.json"), JSON.stringify({ hooks }));
  return { sessionStartFile, preToolUseFile };
}

/** Elwood's PreToolUse handler: denies every shell command, and notes what it decided. */
function denyingHandler(reason: string) {
  const decided: string[] = [];
  const PreToolUse = (event: { tool_name: string }) => {
    decided.push(event.tool_name);
    return { permissionDecision: "deny" as const, permissionDecisionReason: reason };
  };
  return { decided, hooks: { PreToolUse } };
}

interface StartedSession {
  readonly session: CodexSession;
  /** Labels of the startup prompts Elwood answered. */
  readonly answered: string[];
}

async function startSession(fx: ClaudeFixture, hooks: CodexHookHandlers): Promise<StartedSession> {
  const session = new CodexSession({
    cwd: fx.workspace,
    env: fx.home.env,
    stateDir: fx.stateDir,
    autotrust: true,
    hooks,
  });
  fx.defer(() => session.kill().catch(() => undefined));
  const answered: string[] = [];
  session.on("activity", (event) => {
    if (event.kind === "startup_prompt") answered.push(event.label);
  });
  await session.start();
  await session.waitForStatus((status) => status === "ready", 90_000);
  return { session, answered };
}

/**
 * One turn whose shell command Elwood's handler denies: the command would leave a file;
 * the handler's reason reaches the model, and the turn answers. Returns what it decided.
 */
async function deniedTurn(fx: ClaudeFixture): Promise<{ decided: string[]; answered: string[] }> {
  const deniedFile = join(fx.workspace, `${token("denied")}.txt`);
  const reason = token("elwood-decided");
  fx.server.turn({
    match: /make the file/,
    steps: [
      { tool: { name: "exec_command", input: { cmd: touchAndEcho(deniedFile, "ran") } } },
      { say: "tried to make it" },
    ],
  });
  const handler = denyingHandler(reason);
  const { session, answered } = await startSession(fx, handler.hooks);
  await session.sendMessage("make the file");
  const { text } = await toolResultText(fx, "openai");
  await waitForSay(session, "tried to make it");
  expect(text).toContain(reason);
  expect(existsSync(deniedFile)).toBe(false);
  await session.stop();
  return { decided: handler.decided, answered };
}

describe("Codex runs Elwood's hooks and the hooks the user reviewed, nobody else's", () => {
  test("C-CODEX-06: under Elwood's launch overrides Codex counts exactly Elwood's hooks as trusted; a repo's hooks stay untrusted", async () => {
    const fx = await newFixture();
    await plantRepoHooks(fx);
    // Codex loads a folder's `.codex/` only once the folder is trusted.
    await trustCodexFolder(fx.workspace, fx.home.env);
    const bridge = { port: 4242, commandClientKind: "bash" as const, hookTimeoutMs: 30_000 };
    const overrides = codexBridgeOverrides(codexHookCatalogue.eventNames, bridge);
    expect(overrides.join("\n")).not.toMatch(/trust-all|bypass/);
    const hooks = await codexHookListing(fx.workspace, fx.home.env, overrides);
    const elwoods = hooks.filter((hook) => hook.source === "sessionFlags");
    // Codex spells the events in camelCase (`preToolUse`).
    const camel = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
    expect(elwoods.map((hook) => hook.eventName).sort()).toEqual(
      codexHookCatalogue.eventNames.map(camel).sort(),
    );
    for (const hook of elwoods)
      expect([hook.eventName, hook.trustStatus, hook.enabled]).toEqual([
        hook.eventName,
        "trusted",
        true,
      ]);
    const repos = hooks.filter((hook) => hook.source === "project");
    expect(repos.map((hook) => hook.trustStatus)).toEqual(["untrusted", "untrusted"]);
  });

  test("C-TRUST-02: an unreviewed workspace .codex/hooks.json runs neither its SessionStart nor its PreToolUse hook under CodexSession with autotrust; Elwood's PreToolUse handler still decides and the turn answers", async () => {
    const fx = await newFixture();
    const repo = await plantRepoHooks(fx);
    const { decided, answered } = await deniedTurn(fx);
    expect(decided).toEqual(["Bash"]);
    // Codex asked to review the repo's hooks; Elwood skipped them ("Continue without
    // trusting"), as Codex does for hooks nobody reviewed.
    expect(answered).toContain("hook_trust");
    expect(existsSync(repo.sessionStartFile)).toBe(false);
    expect(existsSync(repo.preToolUseFile)).toBe(false);
    // Skipping wrote nothing about anyone's hooks into the user's config: no review, no
    // switch.
    expect(readFileSync(join(fx.home.codexHome, "config.toml"), "utf8")).not.toContain("hooks");
  });

  test("C-TRUST-02: once the user reviewed the repo's hooks in Codex (the hash in their config.toml), both run under Elwood beside its handler", async () => {
    const fx = await newFixture();
    const repo = await plantRepoHooks(fx);
    // The user trusted the folder, then reviewed its hooks, both in Codex.
    await trustCodexFolder(fx.workspace, fx.home.env);
    const reviewed = await reviewCodexHooks(
      fx.workspace,
      fx.home.env,
      (hook) => hook.source === "project",
    );
    expect(reviewed).toHaveLength(2);
    const { decided, answered } = await deniedTurn(fx);
    expect(decided).toEqual(["Bash"]);
    // Reviewed hooks need no review: no prompt about them.
    expect(answered).not.toContain("hook_trust");
    // Codex 0.171 fires SessionStart with the first prompt.
    expect(existsSync(repo.sessionStartFile)).toBe(true);
    expect(existsSync(repo.preToolUseFile)).toBe(true);
  });
});
