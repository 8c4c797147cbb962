// Type-level proofs for the Claude hook catalogue (C-HOOK-08/09, C-HRESP-04): checked by
// `tsc --noEmit` (the @ts-expect-error lines) and by vitest's expectTypeOf at runtime.

import { describe, expectTypeOf, it } from "vitest";
import type {
  ClaudeHookEvent,
  ClaudePreToolUseEvent,
} from "../../../../src/claude/hooks/events.js";
import type { ClaudeHookHandlers } from "../../../../src/claude/hooks/handlers.js";
import type { ClaudeToolInputs } from "../../../../src/claude/hooks/tools.js";

describe("Claude hook types", () => {
  it("C-HRESP-04: Notification handlers cannot return a decision", () => {
    const ok: ClaudeHookHandlers = {
      Notification: (event) => {
        expectTypeOf(event.message).toEqualTypeOf<string>();
      },
      StopFailure: async () => {},
    };
    const blocking: ClaudeHookHandlers = {
      // @ts-expect-error Notification is observe-only
      Notification: () => ({ decision: "block", reason: "no" }),
    };
    const context: ClaudeHookHandlers = {
      // @ts-expect-error not even context
      Notification: async () => ({ additionalContext: "x" }),
    };
    expectTypeOf(ok).toExtend<ClaudeHookHandlers>();
    expectTypeOf([blocking, context]).toBeArray();
  });

  it("C-HOOK-08: updatedInput only type-checks in tool-keyed handlers", () => {
    const keyed: ClaudeHookHandlers = {
      PreToolUse: {
        Bash: (event) => ({
          permissionDecision: "allow",
          updatedInput: { ...event.tool_input, command: `${event.tool_input.command} --safe` },
        }),
      },
    };
    const byName: ClaudeHookHandlers = {
      // @ts-expect-error updatedInput is not part of the event-name PreToolUse result
      PreToolUse: () => ({ permissionDecision: "allow", updatedInput: { command: "ls" } }),
    };
    const wrongShape: ClaudeHookHandlers = {
      PreToolUse: {
        // @ts-expect-error Bash input needs `command: string`
        Bash: () => ({ permissionDecision: "allow", updatedInput: { cmd: "ls" } }),
      },
    };
    const badDecision: ClaudeHookHandlers = {
      // @ts-expect-error "maybe" is not a permission decision
      PreToolUse: () => ({ permissionDecision: "maybe" }),
    };
    expectTypeOf([keyed, byName, wrongShape, badDecision]).toBeArray();
  });

  it("C-HOOK-09: tool-keyed Bash handlers see tool_input.command: string", () => {
    const handlers: ClaudeHookHandlers = {
      PreToolUse: {
        Bash(event) {
          expectTypeOf(event.tool_name).toEqualTypeOf<"Bash">();
          expectTypeOf(event.tool_input.command).toEqualTypeOf<string>();
          return undefined;
        },
        AskUserQuestion(event) {
          const first = event.tool_input.questions[0];
          expectTypeOf(first?.options[0]?.label).toEqualTypeOf<string | undefined>();
          const answers = { [first?.question ?? ""]: first?.options[0]?.label ?? "" };
          return { permissionDecision: "allow", updatedInput: { ...event.tool_input, answers } };
        },
        mcp__github__create_issue(event) {
          expectTypeOf(event.tool_input).toEqualTypeOf<Readonly<Record<string, unknown>>>();
        },
      },
    };
    expectTypeOf(handlers).toExtend<ClaudeHookHandlers>();
  });

  it("C-HOOK-09: hook and tool names narrow the event", () => {
    const check = (event: ClaudeHookEvent) => {
      if (event.hook_event_name === "PreToolUse") {
        expectTypeOf(event).toExtend<ClaudePreToolUseEvent>();
        if (event.tool_name === "Write") {
          expectTypeOf(event.tool_input.content).toEqualTypeOf<string>();
        }
        if (event.tool_name === "Edit") {
          expectTypeOf(event.tool_input.old_string).toEqualTypeOf<string>();
        }
      }
      if (event.hook_event_name === "Stop") {
        expectTypeOf(event.stop_hook_active).toEqualTypeOf<boolean>();
        // @ts-expect-error Stop has no tool_input
        expectTypeOf(event.tool_input).toBeUnknown();
      }
    };
    expectTypeOf(check).toBeFunction();
    expectTypeOf<ClaudeToolInputs["Read"]["file_path"]>().toEqualTypeOf<string>();
  });

  it("C-HRESP-03/05: Stop blocks need a reason; Elicitation answers accept/decline/cancel", () => {
    const handlers: ClaudeHookHandlers = {
      Stop: (event) =>
        event.stop_hook_active ? undefined : { decision: "block", reason: "tests" },
      Elicitation: () => ({ action: "accept", content: { name: "x" } }),
      ElicitationResult: () => ({ action: "cancel" }),
    };
    const noReason: ClaudeHookHandlers = {
      // @ts-expect-error a Stop block needs a reason
      Stop: () => ({ decision: "block" }),
    };
    const badAction: ClaudeHookHandlers = {
      // @ts-expect-error not an elicitation action
      Elicitation: () => ({ action: "ignore" }),
    };
    expectTypeOf([handlers, noReason, badAction]).toBeArray();
  });
});
