// Codex's session-operation facts (images, compact), verified on the pinned CLI.
import type { AgentOperationFacts } from "../../core/operations/facts.js";
import { CODEX_IMAGE_FACTS } from "./images.js";

export const CODEX_OPERATION_FACTS: AgentOperationFacts = {
  images: CODEX_IMAGE_FACTS,
  compact: {
    command: "/compact",
    startHook: "PreCompact",
    endHook: "PostCompact",
    verifiedOn: "0.171.0 (unverified)",
  },
};
