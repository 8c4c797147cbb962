// What the runtime reads from Claude's hooks (src/claude/hooks/signals.ts): the text a
// turn must show before it ends. StopFailure names the error reply Claude writes as the
// turn's text ("Not logged in · Please run /login"); under load that reply reached the
// transcript after the hook, and a turn that waited for nothing resolved send() with "".
import { describe, expect, it } from "vitest";
import type { ClaudeAnyHookEvent } from "../../../../src/claude/hooks/handlers.js";
import { CLAUDE_TURN_SIGNALS } from "../../../../src/claude/hooks/signals.js";

const event = (fields: Record<string, unknown>) => fields as unknown as ClaudeAnyHookEvent;

describe("C-TURN-01 Claude's turn-end text", () => {
  it("a Stop's and a StopFailure's last assistant message is the text the turn waits for", () => {
    const reply = "Not logged in · Please run /login";
    const failed = { hook_event_name: "StopFailure", error: "authentication_failed" };
    expect(
      CLAUDE_TURN_SIGNALS.turnEndTextOf(event({ ...failed, last_assistant_message: reply })),
    ).toBe(reply);
    expect(CLAUDE_TURN_SIGNALS.turnEndTextOf(event(failed))).toBe("");
    expect(
      CLAUDE_TURN_SIGNALS.turnEndTextOf(
        event({ hook_event_name: "Stop", last_assistant_message: "done" }),
      ),
    ).toBe("done");
    expect(
      CLAUDE_TURN_SIGNALS.turnEndTextOf(event({ hook_event_name: "UserPromptSubmit" })),
    ).toBeUndefined();
  });
});
