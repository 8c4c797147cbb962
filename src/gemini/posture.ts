// What a Gemini session persists for resume (§8.2): its approval mode. The record's
// posture field is validated against this schema.
import { z } from "zod";

/** Gemini CLI's `--approval-mode` choices (0.61.0 `--help`). */
export const GEMINI_APPROVAL_MODES = ["default", "auto_edit", "yolo", "plan"] as const;

export const GeminiPostureSchema = z.strictObject({
  approvalMode: z.enum(GEMINI_APPROVAL_MODES).exactOptional(),
});

export type GeminiPosture = z.infer<typeof GeminiPostureSchema>;
