// Claude Code's `/model` picker (api.md "listModels / setModel"), captured from 2.1.332
// offline (test/fixtures/pickers/claude-2.1.332-model-*.txt):
//   "Select model" / "Your pick is the default for new sessions. …"
//   "❯ 1. Default (recommended) ✔  Use the default model (currently Opus 5.5) · …"
//   "  4. Sonnet                   Sonnet 5.5 · Efficient for routine tasks · …"
//   footer "s to use this session only · Enter to save · Esc to cancel".
// Enter (and a number key) SAVES a default, so a switch uses "s" (session only). With a
// conversation cached, "s" opens "Switch model?" / "❯ 1. Yes, switch to Sonnet 5.5" /
// "2. No, go back" / "Enter to confirm · Esc to cancel", confirmed here only.
import type { ModelPickerFacts } from "../../core/contract/models.js";

export const CLAUDE_MODEL_PICKER: ModelPickerFacts = {
  command: "/model",
  header: /^Select model$/,
  footer: /s to use this session only.*Esc to cancel/,
  row: /^\s*(❯)?\s*(\d+)\.\s+(\S.*)$/,
  currentMark: /\s*✔/,
  // "Default (recommended)" is the saved default: what a new session uses.
  defaultMark: /^Default\b/,
  defaultRule: "label",
  idFrom: "first-word",
  sessionKeyOnList: "s",
  followUps: [
    {
      header: /^(Switch model\?|Change effort level\?)$/,
      footer: /^Enter to confirm · Esc to cancel$/,
      answer: { enterOnRowStarting: "Yes, switch to" },
    },
  ],
  verifiedOn: "2.1.332 (offline: built-in list, no request to the model server)",
};
