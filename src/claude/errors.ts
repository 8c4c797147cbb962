// Claude's own error names (lifecycle-errors-cli.md "Errors"), part of the public
// ElwoodErrorName union through the package root (src/error-names.ts). The update name is
// the spec's and never thrown: a failed update is the `agent_update_failed` warning, and
// a version the gate refuses is `claude_version_unsupported` (prd/decisions.md).
export const CLAUDE_ERROR_NAMES = [
  "claude_not_found",
  "claude_start_failed",
  "claude_update_failed",
  "claude_not_authenticated",
  "claude_version_unsupported",
  "claude_invalid_reasoning_effort",
  "claude_high_trust_conflict",
  // The user's own settings switch hooks off (issue 48): Elwood does not override them.
  "claude_hooks_disabled",
] as const;

export type ClaudeErrorName = (typeof CLAUDE_ERROR_NAMES)[number];
