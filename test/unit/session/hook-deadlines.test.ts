// Per-event hook deadlines reach each CLI's own hook config (prd/approvals.md "Deadlines
// per event"): the approvals handler's PermissionRequest gets its long timeout in Claude's
// settings and Codex's -c override, every other event keeps hookTimeoutMs + 5 s.
import { describe, expect, it } from "vitest";
import { ElwoodApprovals } from "../../../src/agents.js";
import { commandHookCommand } from "../../../src/bridge/clients/command.js";
import { handlerTimeoutsOf } from "../../../src/bridge/handler-timeout.js";
import { claudeSessionSettings } from "../../../src/claude/launch/settings.js";
import { codexHookOverride } from "../../../src/codex/launch/argv.js";

const approvals = new ElwoodApprovals({ expireAfterMs: 600_000 });

function bridgeFor(handlers: unknown) {
  return {
    port: 4242,
    commandClientKind: "bash" as const,
    hookTimeoutMs: 30_000,
    hookTimeoutsByEvent: handlerTimeoutsOf(handlers),
  };
}

describe("per-event hook deadlines", () => {
  it("C-APR-06: the approvals handler asks for expiry + 5 s on PermissionRequest alone", () => {
    const handlers = { ...approvals.claudeHooks(), Stop: () => undefined };
    expect(handlerTimeoutsOf(handlers)).toEqual({ PermissionRequest: 605_000 });
    expect(handlerTimeoutsOf({ Stop: () => undefined })).toEqual({});
  });

  it("C-APR-06: Claude's settings give PermissionRequest its own timeout, the rest the default", () => {
    const settings = claudeSessionSettings({
      eventNames: ["PermissionRequest", "PreToolUse"],
      bridge: bridgeFor(approvals.claudeHooks()),
      overrides: undefined,
    });
    const hooks = settings.hooks as Record<string, Array<{ hooks: Array<{ timeout: number }> }>>;
    expect(hooks.PermissionRequest?.[0]?.hooks[0]?.timeout).toBe(610);
    expect(hooks.PreToolUse?.[0]?.hooks[0]?.timeout).toBe(35);
  });

  it("C-APR-06: Codex's hook overrides do the same", () => {
    const bridge = bridgeFor(approvals.codexHooks());
    expect(codexHookOverride("PermissionRequest", bridge)).toContain("timeout=610}");
    expect(codexHookOverride("PreToolUse", bridge)).toContain("timeout=35}");
    // The inline client program waits as long as its event's deadline, and no longer.
    const command = (hookTimeoutMs: number) =>
      JSON.stringify(commandHookCommand({ eventName: "PermissionRequest", hookTimeoutMs }));
    expect(codexHookOverride("PermissionRequest", bridge)).toContain(command(605_000));
    expect(codexHookOverride("PermissionRequest", bridge)).not.toContain(command(30_000));
  });
});
