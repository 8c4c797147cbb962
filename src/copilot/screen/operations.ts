// The Copilot CLI's session-operation facts (images), verified on the pinned CLI.
import type { AgentOperationFacts } from "../../core/contract/operation-facts.js";
import { COPILOT_IMAGE_FACTS } from "./images.js";

export const COPILOT_OPERATION_FACTS: AgentOperationFacts = {
  images: COPILOT_IMAGE_FACTS,
};
