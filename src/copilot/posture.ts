// What a Copilot session persists for resume (§8.2): its agent mode and its tool
// permissions (`--mode`, `--allow-tool`, `--deny-tool`, `--allow-all`). The record's
// posture field is validated against this schema.
import { z } from "zod";

export const COPILOT_MODES = ["interactive", "plan", "autopilot"] as const;
export type CopilotMode = (typeof COPILOT_MODES)[number];

export const CopilotPostureSchema = z.strictObject({
  mode: z.enum(COPILOT_MODES).exactOptional(),
  /** Tool rules Copilot runs without asking (`--allow-tool`, e.g. `shell(git:*)`). */
  allowedTools: z.array(z.string().min(1)).readonly().exactOptional(),
  /** Tool rules Copilot never runs (`--deny-tool`); a deny wins over any allow. */
  deniedTools: z.array(z.string().min(1)).readonly().exactOptional(),
  /** Every tool, path and URL without asking (`--allow-all`); what high trust means. */
  allowAll: z.boolean().exactOptional(),
});

export type CopilotPosture = z.infer<typeof CopilotPostureSchema>;
