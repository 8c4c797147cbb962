// Codex's hook review gate (0.171.0, codex-rs/hooks discovery): a hook that no managed
// layer supplies runs only when a user-controlled config layer records the hash of its
// definition as reviewed, `hooks.state."<key>".trusted_hash`. The user's config.toml is
// where Codex writes a person's review; the session-flags layer (`-c`) is read the same
// way. Elwood records exactly its own hooks there, per launch, on the command line where
// no tool can rewrite them, so every other hook keeps Codex's rule: unreviewed, skipped.
import { createHash } from "node:crypto";

/** How Codex names the session-flags layer in a hook's key (non-Windows). */
const SESSION_FLAGS_SOURCE = "/<session-flags>/config.toml";

/** One command hook as Elwood passes it to Codex: one matcher group, no matcher. */
export interface CodexCommandHook {
  readonly eventName: string;
  readonly command: string;
  readonly timeoutSec: number;
  /** Codex runs it detached and drops its output (observe-only, bridge/registration.ts). */
  readonly async?: boolean;
}

/** `PreToolUse` → `pre_tool_use`: the event's label in hook keys and hashes. */
export function codexHookEventLabel(eventName: string): string {
  return eventName.replace(/(?<=[a-z0-9])([A-Z])/g, "_$1").toLowerCase();
}

/**
 * `<source>:<event label>:<group index>:<handler index>`. Elwood's override for an event
 * is one group holding one handler, so both indexes are 0.
 */
export function codexSessionFlagsHookKey(eventName: string): string {
  return `${SESSION_FLAGS_SOURCE}:${codexHookEventLabel(eventName)}:0:0`;
}

/** JSON with every object's keys sorted, compact: what Codex hashes. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * The hash Codex compares with a recorded review: sha256 of the canonical JSON of the
 * normalized definition (event label, the group's matcher, the one handler with its
 * timeout filled in and unset fields left out).
 */
export function codexCommandHookHash(hook: CodexCommandHook): string {
  const identity = {
    event_name: codexHookEventLabel(hook.eventName),
    hooks: [
      {
        type: "command",
        command: hook.command,
        timeout: hook.timeoutSec,
        async: hook.async === true,
      },
    ],
  };
  return `sha256:${createHash("sha256").update(canonicalJson(identity)).digest("hex")}`;
}

/**
 * One `-c hooks.state={…}` override marking each of Elwood's hooks reviewed and enabled.
 * A whole table, because Codex splits a `-c` key on every dot and the keys hold
 * `config.toml`. `enabled = true` pins them on against a `hooks.state` entry in the
 * user's config.toml that would switch one off.
 */
export function codexHookTrustOverride(hooks: readonly CodexCommandHook[]): string {
  const entries = hooks.map(
    (hook) =>
      `${JSON.stringify(codexSessionFlagsHookKey(hook.eventName))}={enabled=true,trusted_hash=${JSON.stringify(codexCommandHookHash(hook))}}`,
  );
  return `hooks.state={${entries.join(",")}}`;
}
