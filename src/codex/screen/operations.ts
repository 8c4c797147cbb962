// Codex's session-operation facts (images, compact, models, start-up warnings), verified on the pinned CLI.
import type { AgentOperationFacts } from "../../core/contract/operation-facts.js";
import { codexDefaultModelGuard, codexPersistedModel } from "../config/default-model-guard.js";
import { CODEX_IMAGE_FACTS } from "./images.js";
import { CODEX_MODEL_PICKER } from "./models.js";
import { CODEX_STARTUP_WARNINGS } from "./startup-warnings.js";

export const CODEX_OPERATION_FACTS: AgentOperationFacts = {
  images: CODEX_IMAGE_FACTS,
  models: {
    picker: CODEX_MODEL_PICKER,
    defaultGuard: codexDefaultModelGuard,
    persistedDefault: codexPersistedModel,
  },
  startupWarnings: CODEX_STARTUP_WARNINGS,
  compact: {
    command: "/compact",
    startHook: "PreCompact",
    endHook: "PostCompact",
    verifiedOn:
      "0.171.0 (e2e: PreCompact then PostCompact; summary asked as a tool-less side request)",
  },
};
