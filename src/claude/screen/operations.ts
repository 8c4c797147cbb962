// Claude Code's session-operation facts (images, compact, models, login), verified on the pinned CLI.
import type { AgentOperationFacts } from "../../core/contract/operation-facts.js";
import { CLAUDE_IMAGE_FACTS } from "./images.js";
import { CLAUDE_LOGIN_FACTS } from "./login.js";
import { CLAUDE_MODEL_PICKER } from "./models.js";

export const CLAUDE_OPERATION_FACTS: AgentOperationFacts = {
  images: CLAUDE_IMAGE_FACTS,
  models: { picker: CLAUDE_MODEL_PICKER },
  compact: {
    command: "/compact",
    startHook: "PreCompact",
    endHook: "PostCompact",
    verifiedOn: "2.1.332 (e2e: PreCompact then PostCompact, summary request answered offline)",
  },
  login: CLAUDE_LOGIN_FACTS,
};
