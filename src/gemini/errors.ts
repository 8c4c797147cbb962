// Gemini's own error names, part of the public ElwoodErrorName union through the package
// root (src/error-names.ts). A version the gate refuses is `gemini_version_unsupported`.
export const GEMINI_ERROR_NAMES = [
  "gemini_not_found",
  "gemini_start_failed",
  "gemini_not_authenticated",
  "gemini_version_unsupported",
  "gemini_high_trust_conflict",
  // The user's ~/.gemini/settings.json switches every hook off (prd/gemini.md).
  "gemini_hooks_disabled",
] as const;

export type GeminiErrorName = (typeof GEMINI_ERROR_NAMES)[number];
