// Gemini CLI's session-operation facts (images, models), verified on the pinned CLI.
import type { AgentOperationFacts } from "../../core/contract/operation-facts.js";
import { geminiPersistedModel } from "../launch/default-model.js";
import { GEMINI_IMAGE_FACTS } from "./images.js";
import { GEMINI_MODEL_PICKER } from "./models.js";

export const GEMINI_OPERATION_FACTS: AgentOperationFacts = {
  images: GEMINI_IMAGE_FACTS,
  models: { picker: GEMINI_MODEL_PICKER, persistedDefault: geminiPersistedModel },
};
