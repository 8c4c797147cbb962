// Copilot's own error names, part of the public ElwoodErrorName union through the package
// root (src/error-names.ts). A version the gate refuses is `copilot_version_unsupported`;
// a failed update is the `agent_update_failed` warning, so the update name is never thrown.
export const COPILOT_ERROR_NAMES = [
  "copilot_not_found",
  "copilot_start_failed",
  "copilot_update_failed",
  "copilot_not_authenticated",
  "copilot_version_unsupported",
  "copilot_invalid_reasoning_effort",
  "copilot_high_trust_conflict",
  // A settings file Copilot reads, the repository's included, switches every hook off.
  "copilot_hooks_disabled",
] as const;

export type CopilotErrorName = (typeof COPILOT_ERROR_NAMES)[number];
