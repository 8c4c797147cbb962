// What a Claude session persists for resume (§8.2): the permission mode and tool lists
// it was launched with. The record's posture field is validated against this schema.
import { z } from "zod";
import { toolListSchema } from "../state/record.js";

export const CLAUDE_PERMISSION_MODES = [
  "default",
  "acceptEdits",
  "plan",
  "bypassPermissions",
  "dontAsk",
  "auto",
] as const;

export const ClaudePostureSchema = z.strictObject({
  permissionMode: z.enum(CLAUDE_PERMISSION_MODES).exactOptional(),
  allowedTools: toolListSchema,
  disallowedTools: toolListSchema,
  tools: toolListSchema,
});

export type ClaudePosture = z.infer<typeof ClaudePostureSchema>;
