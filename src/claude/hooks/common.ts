// Shared building blocks for the Claude hook catalogue: the common input fields every
// event carries (hook-protocols A5), lenient string enums, PermissionUpdate (A6) and the
// handler-function shapes. Inputs are loose (unknown extra fields pass through, so a newer
// CLI that adds fields still validates); handler results are strict.

import { z } from "zod";

/** The static type of a zod object shape, without the loose index signature. */
export type ShapeOf<S extends z.ZodRawShape> = z.output<z.ZodObject<S>>;

/** A string whose known values are listed but whose future values are still accepted. */
export type OpenEnum<Known extends string> = Known | (string & {});

// Enum fields in inputs are informational; rejecting a new value would drop the whole
// event, so they are validated as strings and typed with their known values.
export function openEnum<const Known extends string>(
  _known: readonly Known[],
): z.ZodType<OpenEnum<Known>> {
  return z.string();
}

export const CLAUDE_PERMISSION_MODES = [
  "default",
  "acceptEdits",
  "bypassPermissions",
  "plan",
  "dontAsk",
  "auto",
] as const;

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

/**
 * "No decision": `void` lets a block-bodied handler with no `return` type-check, and
 * inside a union it does not swallow object results the way a bare `void` return does.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: void is what a statement-only handler returns
export type NoDecision = void | undefined;

/** A handler may answer synchronously or with a promise; nothing means no decision. */
export type HookHandlerResult<R> = R | NoDecision | Promise<R | NoDecision>;

/** A handler that may return a decision of type R. */
export type DecisionHandler<E, R> = (event: E) => HookHandlerResult<R>;

/** A handler for an observe-only event: it can return nothing at all (C-HRESP-04). */
export type ObserveHandler<E> = (event: E) => NoDecision | Promise<NoDecision>;

/** Make every nested property readonly, matching the deep-frozen runtime event. */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer U)[]
    ? readonly DeepReadonly<U>[]
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T;

/** Summarize a zod error in one line: "path: message; path: message". */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(root)"}: ${issue.message}`)
    .join("; ");
}
