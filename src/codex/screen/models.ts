// Codex's `/model` picker (api.md "listModels / setModel"), captured from 0.171.0 offline
// (test/fixtures/pickers/codex-0.171.0-model-*.txt). Rows come from the model catalog
// (bundled, or `model_catalog_json`; the testing kit's agent home writes one):
//   "Select Model and Effort" / "› 1. scripted-model (current)  The scripted default model."
//   (a "↓" line while rows are below the window) / footer "enter select · esc back".
// Enter on a model opens "Select Reasoning Level for <slug>" / "› 2. Medium (default)  …"
// / "enter default · s session · esc back": Enter there saves the default, "s" applies it
// to this session only. A model with one effort level skips that stage.
// Before its session is configured (a starved start: its composer and the ready it proves
// come first) Codex refuses the command with "• Model selection is disabled until startup
// completes." and clears the composer (fixture codex-0.171.0-model-command-while-starting,
// from a loaded stress run; codex-rs ChatWidget::open_model_popup).
import type { ModelPickerFacts } from "../../core/contract/models.js";

export const CODEX_MODEL_PICKER: ModelPickerFacts = {
  command: "/model",
  header: /^Select Model and Effort$/,
  footer: /^enter select · esc back$/,
  row: /^\s*(›)?\s*(\d+)\.\s+(\S.*)$/,
  currentMark: /\s*\(current\)/,
  defaultMark: /\s*\(default\)/,
  defaultRule: "marked",
  moreBelow: /^↓$/,
  idFrom: "slug",
  refusedWhileStarting: /^• Model selection is disabled until startup completes\.$/,
  followUps: [
    {
      header: /^Select Reasoning Level for /,
      footer: /s session/,
      answer: { key: "s" },
    },
  ],
  verifiedOn: "0.171.0 (offline, catalog from model_catalog_json)",
};
