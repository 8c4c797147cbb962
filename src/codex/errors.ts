// Codex's own error names (lifecycle-errors-cli.md "Errors"), part of the public
// ElwoodErrorName union through the package root (src/error-names.ts). The update name is
// the spec's and never thrown: a failed update is the `agent_update_failed` warning, and
// a version the gate refuses is `codex_version_unsupported` (prd/decisions.md).
export const CODEX_ERROR_NAMES = [
  "codex_not_found",
  "codex_start_failed",
  "codex_update_failed",
  "codex_not_authenticated",
  "codex_version_unsupported",
  "codex_invalid_reasoning_effort",
  "codex_high_trust_conflict",
] as const;

export type CodexErrorName = (typeof CODEX_ERROR_NAMES)[number];
