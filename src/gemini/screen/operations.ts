// Gemini CLI's session-operation facts (models), verified on the pinned CLI.
import type { AgentOperationFacts } from "../../core/contract/operation-facts.js";
import { geminiPersistedModel } from "../launch/default-model.js";
import { GEMINI_MODEL_PICKER } from "./models.js";

export const GEMINI_OPERATION_FACTS: AgentOperationFacts = {
  models: { picker: GEMINI_MODEL_PICKER, persistedDefault: geminiPersistedModel },
};
