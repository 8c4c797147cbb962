// Which hook events a Claude Code version knows (data, like the screen facts). Claude
// validates the `--settings` file: an event it does not know makes it paint a "Settings
// Warning" dialog at every start (2.1.144 with MessageDisplay), which holds the session.
// So the generated settings register only the events the running version knows.
import { compareVersions } from "../../shell/version.js";
import { CLAUDE_HOOK_EVENT_NAMES, type ClaudeHookEventName } from "./events.js";

/**
 * The first version that knows an event, for events newer than the supported floor.
 * MessageDisplay: absent from 2.1.144 (its Settings Warning names it; captured
 * test/fixtures/screens/claude-2.1.144-settings-warning.txt), present in 2.1.197's
 * binary; 2.1.152 per the public hook changelog.
 */
export const CLAUDE_HOOK_EVENT_SINCE: Readonly<Partial<Record<ClaudeHookEventName, string>>> = {
  MessageDisplay: "2.1.152",
};

/** The events to register for `version`; every event when the version is unknown. */
export function claudeHookEventsFor(version: string | undefined): readonly ClaudeHookEventName[] {
  if (version === undefined) return CLAUDE_HOOK_EVENT_NAMES;
  return CLAUDE_HOOK_EVENT_NAMES.filter((name) => {
    const since = CLAUDE_HOOK_EVENT_SINCE[name];
    return since === undefined || compareVersions(version, since) >= 0;
  });
}
