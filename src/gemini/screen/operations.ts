// Gemini CLI's session-operation facts (compact, images, models), verified on the pinned CLI.
// Gemini has no hook after a compression, so compact() reads the outcome line it draws.
import type { AgentOperationFacts } from "../../core/contract/operation-facts.js";
import { geminiPersistedModel } from "../launch/default-model.js";
import { GEMINI_IMAGE_FACTS } from "./images.js";
import { GEMINI_MODEL_PICKER } from "./models.js";

export const GEMINI_OPERATION_FACTS: AgentOperationFacts = {
  compact: {
    // "/compact" is an alias of it; "/compress" is the name its help lists.
    command: "/compress",
    // Fired with trigger "manual" for /compress (and "auto" before every turn).
    startHook: "PreCompress",
    outcome: {
      // "✦ Chat history compressed from 12940 to 198 tokens."
      done: /^\s*✦ Chat history compressed from \d+ to \d+ tokens\.\s*$/,
      // Its other outcomes ("✦ Nothing to compress.", "✦ Compression was not beneficial
      // for this history size.", …) and the error rows of a failed or refused request.
      failed:
        /^\s*\S+\s+(?:Nothing to compress\.|Compression was not beneficial|Chat history compression (?:did not|failed)|Could not compress chat history|Failed to compress chat history|Already compressing)/,
    },
    verifiedOn:
      "0.61.0 (e2e: PreCompress manual, the summary and its check asked as tool-less side requests, outcome line drawn)",
  },
  images: GEMINI_IMAGE_FACTS,
  models: { picker: GEMINI_MODEL_PICKER, persistedDefault: geminiPersistedModel },
};
