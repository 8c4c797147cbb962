// Elwood's record of its own Codex hooks as reviewed (issue 48): the key and hash Codex
// compares, checked against values the real Codex 0.171.0 reported for the same
// definitions (`codex app-server` hooks/list `key` and `currentHash`). The e2e
// test/e2e/hook-trust-codex.test.ts checks every event of a real launch against the CLI.
import { describe, expect, it } from "vitest";
import { codexHookCatalogue } from "../../../../src/codex/hooks/catalogue.js";
import { codexCommandHook } from "../../../../src/codex/launch/argv.js";
import {
  codexCommandHookHash,
  codexHookEventLabel,
  codexHookTrustOverride,
  codexSessionFlagsHookKey,
} from "../../../../src/codex/launch/hook-trust.js";

const bridge = { port: 4242, commandClientKind: "bash" as const, hookTimeoutMs: 30_000 };

describe("Codex hook trust for Elwood's own hooks", () => {
  it("C-CODEX-06: hashes a definition as Codex 0.171.0 does", () => {
    // hooks/list for `-c hooks.PreToolUse=[{hooks=[{type="command",command="bash -c x
    // elwood-hook PreToolUse",timeout=60}]}]` reported this currentHash.
    const hook = {
      eventName: "PreToolUse",
      command: "bash -c x elwood-hook PreToolUse",
      timeoutSec: 60,
    };
    expect(codexCommandHookHash(hook)).toBe(
      "sha256:fcdb7181924fecdb854bd6f8a8b81ac0d926000c3e13ecb1e8c2f201a6e387dc",
    );
    expect(codexCommandHookHash({ ...hook, timeoutSec: 61 })).not.toBe(codexCommandHookHash(hook));
    expect(codexCommandHookHash({ ...hook, command: `${hook.command} ` })).not.toBe(
      codexCommandHookHash(hook),
    );
  });

  it("keys each hook by the session-flags layer, its event label and its place", () => {
    expect(codexSessionFlagsHookKey("PreToolUse")).toBe(
      "/<session-flags>/config.toml:pre_tool_use:0:0",
    );
    expect(codexHookEventLabel("UserPromptSubmit")).toBe("user_prompt_submit");
    expect(codexHookEventLabel("Interrupt")).toBe("interrupt");
    expect(codexCommandHook("SessionEnd", bridge).timeoutSec).toBe(3);
    expect(codexCommandHook("Interrupt", bridge).timeoutSec).toBe(3);
    expect(codexCommandHook("PreToolUse", bridge).timeoutSec).toBeGreaterThan(3);
  });

  it("C-TRUST-02: one hooks.state table, each of Elwood's hooks trusted by hash and pinned on, and nothing else", () => {
    const hooks = codexHookCatalogue.eventNames.map((name) => codexCommandHook(name, bridge));
    const override = codexHookTrustOverride(hooks);
    expect(override.startsWith("hooks.state={")).toBe(true);
    const entries = override.slice("hooks.state={".length, -1).split("},");
    expect(entries).toHaveLength(hooks.length);
    for (const hook of hooks) {
      expect(override).toContain(
        `${JSON.stringify(codexSessionFlagsHookKey(hook.eventName))}={enabled=true,trusted_hash=${JSON.stringify(codexCommandHookHash(hook))}}`,
      );
    }
  });
});
