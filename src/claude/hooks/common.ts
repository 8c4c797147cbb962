// Shared building blocks for the Claude hook catalogue: the common input fields every
// event carries (hook-protocols A5) and PermissionUpdate (A6); the agent-neutral helpers
// are re-exported from bridge/catalogue.ts. Inputs are loose (unknown extra fields pass through, so a newer
// CLI that adds fields still validates); handler results are strict.

import { z } from "zod";
import { openEnum, type ShapeOf } from "../../bridge/catalogue.js";
import { CLAUDE_PERMISSION_MODES } from "../posture.js";

export {
  type DecisionHandler,
  type DeepReadonly,
  describeIssues,
  type HookHandlerResult,
  type NoDecision,
  type ObserveHandler,
  type OpenEnum,
  openEnum,
  type ShapeOf,
} from "../../bridge/catalogue.js";

/** Fields present on every Claude hook input (A5). */
export const claudeCommonShape = {
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  prompt_id: z.string().optional(),
  permission_mode: openEnum(CLAUDE_PERMISSION_MODES).optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  effort: z.looseObject({ level: z.string() }).optional(),
};

export type ClaudeCommonFields = ShapeOf<typeof claudeCommonShape>;

const permissionDestination = z.enum([
  "userSettings",
  "projectSettings",
  "localSettings",
  "session",
  "cliArg",
]);

const permissionRule = z.strictObject({
  toolName: z.string(),
  ruleContent: z.string().optional(),
});

/** One permission change Claude suggests or a handler applies (A6 `PermissionUpdate`). */
export const permissionUpdateSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.enum(["addRules", "replaceRules", "removeRules"]),
    rules: z.array(permissionRule),
    behavior: z.enum(["allow", "deny", "ask"]),
    destination: permissionDestination,
  }),
  z.strictObject({
    type: z.literal("setMode"),
    mode: z.string(),
    destination: permissionDestination,
  }),
  z.strictObject({
    type: z.enum(["addDirectories", "removeDirectories"]),
    directories: z.array(z.string()),
    destination: permissionDestination,
  }),
]);

export type ClaudePermissionUpdate = z.output<typeof permissionUpdateSchema>;
