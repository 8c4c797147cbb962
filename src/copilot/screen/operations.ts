// Copilot CLI's session-operation facts (compact, images), verified on the pinned CLI.
// Copilot has no hook after a compaction (only preCompact), so compact() reads the outcome
// it draws.
import type { AgentOperationFacts } from "../../core/contract/operation-facts.js";
import { COPILOT_IMAGE_FACTS } from "./images.js";

export const COPILOT_OPERATION_FACTS: AgentOperationFacts = {
  compact: {
    command: "/compact",
    // Fired with trigger "manual" for /compact.
    startHook: "preCompact",
    outcome: {
      // "● Compaction completed" / "│ A new checkpoint has been added to your session."
      done: /^\s*● Compaction completed\s*$/,
      // "Compaction Failed: <reason>" (an error row) or "Compaction Cancelled".
      failed: /^\s*\S\s+Compaction (?:Failed|Cancelled)\b/,
    },
    verifiedOn:
      "1.0.102 (e2e: preCompact manual, the summary asked as a tool-bearing request, outcome row drawn)",
  },
  images: COPILOT_IMAGE_FACTS,
};
