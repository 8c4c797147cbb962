// Turns a Claude hook handler's result into the JSON Claude Code reads from a hook
// (hook-protocols A4/A6, C-HRESP-06): top-level `decision`/`reason`/`continue`/`stopReason`,
// everything else under `hookSpecificOutput` with `hookEventName`. `undefined` (or a result
// with nothing set) means no decision, i.e. an empty reply.

import type { HookWireContext, HookWireResult } from "../../bridge/catalogue.js";
import { describeIssues } from "./common.js";
import { isClaudeHookEventName } from "./events.js";
import { claudeResultSchemas } from "./responses.js";
import { claudeToolInputSchema } from "./tools.js";

// Fields Claude reads at the top level of the hook output rather than inside HSO.
const TOP_LEVEL_FIELDS = new Set(["decision", "reason", "continue", "stopReason"]);

/** The event facts the serializer needs. */
export interface ClaudeWireEvent {
  readonly hook_event_name: string;
  readonly tool_name?: string;
}

type Fields = Record<string, unknown>;

const invalid = (message: string): HookWireResult => ({ ok: false, message });

/** Validate `result` for the event and serialize it to Claude's hook output JSON. */
export function toClaudeWire(
  event: ClaudeWireEvent,
  result: unknown,
  context: HookWireContext,
): HookWireResult {
  if (result === undefined) return { ok: true, wire: undefined };
  const name = event.hook_event_name;
  if (!isClaudeHookEventName(name)) {
    return invalid(`${name} is not a known Claude hook event; its handler must return undefined`);
  }
  const schema = claudeResultSchemas[name];
  if (schema === null) {
    return invalid(`${name} is observe-only; its handler must return undefined, not a decision`);
  }
  const parsed = schema.safeParse(result);
  if (!parsed.success) return invalid(`invalid ${name} result: ${describeIssues(parsed.error)}`);
  const fields = withoutUndefined(parsed.data as Fields);
  const rewriteProblem = checkUpdatedInput(name, event.tool_name, fields, context);
  if (rewriteProblem !== undefined) return invalid(rewriteProblem);
  return { ok: true, wire: serialize(name, fields) };
}

function serialize(name: string, fields: Fields): Fields | undefined {
  if (name === "PermissionRequest") {
    return { hookSpecificOutput: { hookEventName: name, decision: fields } };
  }
  const output: Fields = {};
  const specific: Fields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (TOP_LEVEL_FIELDS.has(key)) output[key] = value;
    else specific[key] = value;
  }
  if (Object.keys(specific).length > 0) {
    output.hookSpecificOutput = { hookEventName: name, ...specific };
  }
  return Object.keys(output).length > 0 ? output : undefined;
}

// seeds §6.4: rewrites come only from tool-keyed handlers and must fit the tool's input.
function checkUpdatedInput(
  name: string,
  toolName: string | undefined,
  fields: Fields,
  context: HookWireContext,
): string | undefined {
  const updatedInput = fields.updatedInput;
  if (updatedInput === undefined) return undefined;
  if (!context.isToolKeyed) {
    return `${name} updatedInput is only accepted from a tool-keyed handler (${name}.<ToolName>)`;
  }
  if (
    name === "PreToolUse" &&
    fields.permissionDecision !== "allow" &&
    fields.permissionDecision !== "ask"
  ) {
    return "PreToolUse updatedInput needs permissionDecision allow or ask (Claude ignores it otherwise)";
  }
  const tool = toolName ?? "";
  const checked = claudeToolInputSchema(tool).safeParse(updatedInput);
  if (!checked.success) {
    return `${name} updatedInput does not fit ${tool} input: ${describeIssues(checked.error)}`;
  }
  return tool === "AskUserQuestion" ? checkAnswers(checked.data) : undefined;
}

// Claude keys AskUserQuestion answers by the question text; a stray key answers nothing.
function checkAnswers(input: Fields): string | undefined {
  const answers = input.answers;
  if (answers === undefined || answers === null || typeof answers !== "object") return undefined;
  const questions = Array.isArray(input.questions) ? input.questions : [];
  const known = new Set(questions.map((question: { question?: unknown }) => question.question));
  const stray = Object.keys(answers).filter((key) => !known.has(key));
  return stray.length === 0
    ? undefined
    : `AskUserQuestion answers must be keyed by question text; unknown: ${stray.join(", ")}`;
}

function withoutUndefined(fields: Fields): Fields {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
