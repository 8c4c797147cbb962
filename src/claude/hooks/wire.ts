// Turns a Claude hook handler's result into the JSON Claude Code reads from a hook
// (hook-protocols A4/A6, C-HRESP-06): top-level `decision`/`reason`/`continue`/`stopReason`,
// everything else under `hookSpecificOutput` with `hookEventName`. `undefined` (or a result
// with nothing set) means no decision, i.e. an empty reply.

import type { HookWireContext, HookWireResult } from "../../bridge/catalogue.js";
import { invalidResult, validateHookResult, type WireEvent } from "../../bridge/validate-result.js";
import { describeIssues } from "./common.js";
import { claudeResultSchemas } from "./responses.js";
import { claudeToolInputSchema } from "./tools.js";

// Fields Claude reads at the top level of the hook output rather than inside HSO.
const TOP_LEVEL_FIELDS = new Set(["decision", "reason", "continue", "stopReason"]);

type Fields = Record<string, unknown>;

/** Validate `result` for the event and serialize it to Claude's hook output JSON. */
export function toClaudeWire(
  event: WireEvent,
  result: unknown,
  context: HookWireContext,
): HookWireResult {
  const validated = validateHookResult("Claude", event, result, claudeResultSchemas);
  if (!("fields" in validated)) return validated;
  const name = event.hook_event_name;
  const fields = withoutUndefined(validated.fields);
  const toolName = typeof event.tool_name === "string" ? event.tool_name : undefined;
  const rewriteProblem = checkUpdatedInput(name, toolName, fields, context);
  if (rewriteProblem !== undefined) return invalidResult(rewriteProblem);
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
