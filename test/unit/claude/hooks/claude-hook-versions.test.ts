// Hook events registered per Claude version: an event the running CLI does not know
// would paint a Settings Warning at every start (2.1.144 with MessageDisplay).
import { describe, expect, it } from "vitest";
import { CLAUDE_HOOK_EVENT_NAMES } from "../../../../src/claude/hooks/events.js";
import { claudeHookEventsFor } from "../../../../src/claude/hooks/versions.js";

describe("claudeHookEventsFor", () => {
  it("leaves MessageDisplay out before 2.1.152 and keeps every other event", () => {
    const events = claudeHookEventsFor("2.1.144");
    expect(events).not.toContain("MessageDisplay");
    expect(events).toHaveLength(CLAUDE_HOOK_EVENT_NAMES.length - 1);
    expect(events).toEqual(expect.arrayContaining(["SessionStart", "UserPromptSubmit", "Stop"]));
  });

  it("registers every event from 2.1.152 on, and when the version is unknown", () => {
    expect(claudeHookEventsFor("2.1.152")).toEqual(CLAUDE_HOOK_EVENT_NAMES);
    expect(claudeHookEventsFor("2.1.332")).toEqual(CLAUDE_HOOK_EVENT_NAMES);
    expect(claudeHookEventsFor(undefined)).toEqual(CLAUDE_HOOK_EVENT_NAMES);
  });
});
