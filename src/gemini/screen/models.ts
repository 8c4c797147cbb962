// Gemini CLI's `/model` dialog, captured from 0.61.0 offline against the scripted server.
// It opens on a first list, boxed:
//   "│ Select Model │" / "│ ● 1. Auto │" (its description row under it) /
//   "│   2. Manual (gemini-2.5-pro) │" / "Remember model for future sessions: false (Press
//   Tab to toggle)" / "│ (Press Esc to close) │".
// Enter on "Manual" opens the model list under the same title and footer:
//   "│   1. gemini-3.1-pro-preview │" … "│ ● 3. gemini-2.5-pro │" … "│   7. gemma-4-26b-a4b-it │".
// "●" is the cursor, not a mark: the list opens with it on the model in use (its
// ModelDialog's initialIndex), and no row names the saved default. Enter applies the
// highlighted model for this session only while "Remember model" is false (the dialog's
// own default, never toggled here), and closes the dialog; Escape steps back one list.
import type { ModelPickerFacts } from "../../core/contract/models.js";

export const GEMINI_MODEL_PICKER: ModelPickerFacts = {
  command: "/model",
  header: /^│\s*Select Model\s*│$/,
  footer: /^│\s*\(Press Esc to close\)\s*│$/,
  row: /^\s*│\s(?:\s|(●))\s(\d+)\.\s+(\S.*?)\s*│\s*$/,
  // "Manual (gemini-2.5-pro)" names the model in use when it is one of Gemini's own list.
  entryRow: /^Manual(?: \((.+)\))?$/,
  // Typed while Gemini still loads its commands, "/model" goes to the model as a prompt;
  // this row under the draft shows it is known ("model   Manage model configuration").
  commandSuggestion: /^model\s{2,}Manage model configuration$/,
  defaultRule: "marked",
  idFrom: "slug",
  // Under load an Enter right after "/model" can complete a suggestion listed for a
  // shorter prefix instead, leaving "/model" drafted (seen in an e2e run on 2 busy cores).
  enterAgainIfStillDrafted: true,
  followUps: [],
  verifiedOn: "0.61.0 (offline; Manual list of the built-in models, chosen for the session)",
};
