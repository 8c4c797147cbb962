// The echo agent's own error names, declared beside its adapter as Claude's and Codex's
// are (prd/internals.md "Adding an agent"). A test agent is not shipped, so they are not
// in the public ELWOOD_ERROR_NAMES.
export const ECHO_ERROR_NAMES = [
  "echo_not_found",
  "echo_start_failed",
  "echo_version_unsupported",
  "echo_not_authenticated",
] as const;
