// Type-level proofs for the Codex hook catalogue (C-HOOK-14, C-HRESP-07/08): each
// expected-error line below is verified by `tsc --noEmit`.

import { describe, expectTypeOf, it } from "vitest";
import type { CodexHookEvent } from "../../../../src/codex/hooks/events.js";
import type { CodexHookHandlers } from "../../../../src/codex/hooks/handlers.js";

describe("Codex hook types", () => {
  it("C-HOOK-14: observe-only events cannot return a decision, not even {}", () => {
    const ok: CodexHookHandlers = { PostToolUse: () => {}, SessionStart: async () => {} };
    const empty: CodexHookHandlers = {
      // @ts-expect-error UserPromptSubmit is observe-only in Codex
      UserPromptSubmit: () => ({}),
    };
    const block: CodexHookHandlers = {
      // @ts-expect-error PostToolUse is observe-only in Codex
      PostToolUse: () => ({ decision: "block", reason: "x" }),
    };
    expectTypeOf([ok, empty, block]).toBeArray();
  });

  it("C-HRESP-07: only tool-keyed PreToolUse handlers rewrite input, typed per tool", () => {
    const handlers: CodexHookHandlers = {
      PreToolUse: {
        Bash(event) {
          expectTypeOf(event.tool_input.command).toEqualTypeOf<string>();
          return {
            permissionDecision: "allow",
            updatedInput: { command: `${event.tool_input.command} -q` },
          };
        },
        "unknown:web_search"(event) {
          expectTypeOf(event.tool_input).toBeUnknown();
        },
      },
    };
    const byName: CodexHookHandlers = {
      // @ts-expect-error no updatedInput from the event-name handler
      PreToolUse: () => ({ permissionDecision: "allow", updatedInput: { command: "ls" } }),
    };
    const ask: CodexHookHandlers = {
      // @ts-expect-error Codex 0.171 does not support ask
      PreToolUse: () => ({ permissionDecision: "ask" }),
    };
    const denyNoReason: CodexHookHandlers = {
      // @ts-expect-error deny needs a reason
      PreToolUse: () => ({ permissionDecision: "deny" }),
    };
    expectTypeOf([handlers, byName, ask, denyNoReason]).toBeArray();
  });

  it("C-HRESP-08: PermissionRequest can only allow or deny", () => {
    const ok: CodexHookHandlers = {
      PermissionRequest: () => ({ behavior: "deny", message: "no" }),
    };
    const rewrite: CodexHookHandlers = {
      // @ts-expect-error updatedInput is a future-only field
      PermissionRequest: () => ({ behavior: "allow", updatedInput: { command: "ls" } }),
    };
    const interrupt: CodexHookHandlers = {
      // @ts-expect-error interrupt is a future-only field
      PermissionRequest: () => ({ behavior: "deny", interrupt: true }),
    };
    expectTypeOf([ok, rewrite, interrupt]).toBeArray();
  });

  it("C-HRESP-09: Stop blocks need a reason; names narrow events", () => {
    const ok: CodexHookHandlers = {
      Stop: (event) =>
        event.stop_hook_active ? undefined : { decision: "block", reason: "again" },
      SubagentStop: () => ({ continue: false, stopReason: "enough" }),
    };
    const noReason: CodexHookHandlers = {
      // @ts-expect-error a block needs a reason
      Stop: () => ({ decision: "block" }),
    };
    const check = (event: CodexHookEvent) => {
      if (event.hook_event_name === "PreToolUse" && event.tool_name === "apply_patch") {
        expectTypeOf(event.tool_input.command).toEqualTypeOf<string>();
      }
      if (event.hook_event_name === "Stop") {
        expectTypeOf(event.last_assistant_message).toEqualTypeOf<string | null>();
      }
    };
    expectTypeOf([ok, noReason]).toBeArray();
    expectTypeOf(check).toBeFunction();
  });
});
