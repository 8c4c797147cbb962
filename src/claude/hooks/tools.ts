// Input shapes of Claude Code's built-in tools as hooks see them in `tool_input`
// (hook-protocols A8, from sdk-tools.d.ts), and the tool-name normalization that lets
// `tool_name` narrow `tool_input` (seeds §6.4, C-HOOK-09/10).

import { z } from "zod";
import { type DeepReadonly, openEnum, type ShapeOf } from "./common.js";

const open = z.record(z.string(), z.unknown());

const bashShape = {
  command: z.string(),
  timeout: z.number().optional(),
  description: z.string().optional(),
  run_in_background: z.boolean().optional(),
  dangerouslyDisableSandbox: z.boolean().optional(),
};
const readShape = {
  file_path: z.string(),
  offset: z.number().optional(),
  limit: z.number().optional(),
  pages: z.string().optional(),
};
const writeShape = { file_path: z.string(), content: z.string() };
const editShape = {
  file_path: z.string(),
  old_string: z.string(),
  new_string: z.string(),
  replace_all: z.boolean().optional(),
};
const globShape = { pattern: z.string(), path: z.string().optional() };
const grepShape = {
  pattern: z.string(),
  path: z.string().optional(),
  glob: z.string().optional(),
  output_mode: openEnum(["content", "files_with_matches", "count"]).optional(),
  "-B": z.number().optional(),
  "-A": z.number().optional(),
  "-C": z.number().optional(),
  context: z.number().optional(),
  "-n": z.boolean().optional(),
  "-i": z.boolean().optional(),
  "-o": z.boolean().optional(),
  type: z.string().optional(),
  head_limit: z.number().optional(),
  offset: z.number().optional(),
  multiline: z.boolean().optional(),
};
const webFetchShape = { url: z.string(), prompt: z.string() };
const webSearchShape = {
  query: z.string(),
  allowed_domains: z.array(z.string()).optional(),
  blocked_domains: z.array(z.string()).optional(),
};
const agentShape = {
  description: z.string(),
  prompt: z.string(),
  subagent_type: z.string().optional(),
  model: openEnum(["sonnet", "opus", "haiku", "fable"]).optional(),
  run_in_background: z.boolean().optional(),
  name: z.string().optional(),
  team_name: z.string().optional(),
  mode: openEnum([
    "acceptEdits",
    "auto",
    "bypassPermissions",
    "default",
    "dontAsk",
    "plan",
  ]).optional(),
  isolation: openEnum(["worktree", "remote"]).optional(),
};
const todoShape = {
  content: z.string(),
  status: openEnum(["pending", "in_progress", "completed"]),
  activeForm: z.string(),
};
const notebookEditShape = {
  notebook_path: z.string(),
  cell_id: z.string().optional(),
  new_source: z.string(),
  cell_type: openEnum(["code", "markdown"]).optional(),
  edit_mode: openEnum(["replace", "insert", "delete"]).optional(),
};
const questionOptionShape = {
  label: z.string(),
  description: z.string(),
  preview: z.string().optional(),
};
const questionShape = {
  question: z.string(),
  header: z.string(),
  options: z.array(z.looseObject(questionOptionShape)).min(1),
  multiSelect: z.boolean(),
};
const askUserQuestionShape = {
  questions: z.array(z.looseObject(questionShape)).min(1),
  /** Question text → chosen label(s); several labels of a multi-select are comma-joined. */
  answers: z.record(z.string(), z.string()).optional(),
  annotations: z
    .record(
      z.string(),
      z.looseObject({ preview: z.string().optional(), notes: z.string().optional() }),
    )
    .optional(),
  metadata: z.looseObject({ source: z.string().optional() }).optional(),
};
const exitPlanModeShape = {
  allowedPrompts: z.array(z.looseObject({ tool: z.string(), prompt: z.string() })).optional(),
};
const taskOutputShape = { task_id: z.string(), block: z.boolean(), timeout: z.number() };
const taskStopShape = { task_id: z.string().optional(), shell_id: z.string().optional() };
const taskCreateShape = {
  subject: z.string(),
  description: z.string(),
  activeForm: z.string().optional(),
  metadata: open.optional(),
};
const taskUpdateShape = {
  taskId: z.string(),
  subject: z.string().optional(),
  description: z.string().optional(),
  activeForm: z.string().optional(),
  status: openEnum(["pending", "in_progress", "completed", "deleted"]).optional(),
  addBlocks: z.array(z.string()).optional(),
  addBlockedBy: z.array(z.string()).optional(),
  owner: z.string().optional(),
  metadata: open.optional(),
};

// One entry per built-in tool; shapes are loose so fields a newer CLI adds pass through.
const toolShapes = {
  Bash: bashShape,
  Read: readShape,
  Write: writeShape,
  Edit: editShape,
  Glob: globShape,
  Grep: grepShape,
  WebFetch: webFetchShape,
  WebSearch: webSearchShape,
  Agent: agentShape,
  Task: agentShape,
  TodoWrite: { todos: z.array(z.looseObject(todoShape)) },
  NotebookEdit: notebookEditShape,
  AskUserQuestion: askUserQuestionShape,
  ExitPlanMode: exitPlanModeShape,
  EnterPlanMode: {},
  TaskOutput: taskOutputShape,
  TaskStop: taskStopShape,
  TaskCreate: taskCreateShape,
  TaskGet: { taskId: z.string() },
  TaskUpdate: taskUpdateShape,
  TaskList: {},
} as const;

type ToolShapes = typeof toolShapes;

/** Built-in tools whose input Elwood types precisely. */
export type ClaudeKnownToolName = keyof ToolShapes;

/** Other built-in tools: recognized by name, input left open (no published input type). */
export const CLAUDE_OPEN_INPUT_TOOLS = [
  "Skill",
  "SendMessage",
  "SendUserMessage",
  "ToolSearch",
  "LSP",
  "PowerShell",
  "StructuredOutput",
  "ListMcpResourcesTool",
  "ReadMcpResourceTool",
  "CronCreate",
  "CronDelete",
  "CronList",
  "ScheduleWakeup",
  "Monitor",
  "EnterWorktree",
  "ExitWorktree",
  "REPL",
  "Workflow",
  "Artifact",
  "PushNotification",
  "RemoteTrigger",
  "ReportFindings",
  "Projects",
] as const;
export type ClaudeOpenInputToolName = (typeof CLAUDE_OPEN_INPUT_TOOLS)[number];

/** An MCP tool, `mcp__<server>__<tool>`; its input is the tool's own argument object. */
export type ClaudeMcpToolName = `mcp__${string}`;

/** Any tool name Claude does not ship, renamed `unknown:<raw>` so known names stay narrow. */
export type ClaudeUnknownToolName = `unknown:${string}`;

export type ClaudeToolName =
  | ClaudeKnownToolName
  | ClaudeOpenInputToolName
  | ClaudeMcpToolName
  | ClaudeUnknownToolName;

/** `tool_input` for each precisely typed tool. */
export type ClaudeToolInputs = { [N in ClaudeKnownToolName]: ShapeOf<ToolShapes[N]> };

/** `tool_input` for a tool name (open record for MCP, open-input and unknown tools). */
export type ClaudeToolInputOf<N extends string> = N extends ClaudeKnownToolName
  ? ClaudeToolInputs[N]
  : Record<string, unknown>;

/** The `tool_name`/`tool_input` pair of a tool event; narrowing `tool_name` narrows input. */
export type ClaudeToolCall<N extends ClaudeToolName = ClaudeToolName> = N extends unknown
  ? { readonly tool_name: N; readonly tool_input: DeepReadonly<ClaudeToolInputOf<N>> }
  : never;

// One schema per precisely typed tool, built once: zod compiles a schema's parser on its
// first use, which cost about 1 ms per tool hook when a schema was built per call (issue
// 22's hook profile). Its keys are also the known tool names.
const toolInputSchemas = new Map<string, z.ZodType<Record<string, unknown>>>(
  Object.entries(toolShapes).map(([name, shape]) => [name, z.looseObject(shape)]),
);
const openNames = new Set<string>(CLAUDE_OPEN_INPUT_TOOLS);

export function isClaudeKnownTool(name: string): name is ClaudeKnownToolName {
  return toolInputSchemas.has(name);
}

/** The name a raw tool name is dispatched under (unknown names become `unknown:<raw>`). */
export function normalizeClaudeToolName(raw: string): ClaudeToolName {
  if (isClaudeKnownTool(raw) || openNames.has(raw) || raw.startsWith("mcp__")) {
    return raw as ClaudeToolName;
  }
  return raw.startsWith("unknown:") ? (raw as ClaudeUnknownToolName) : `unknown:${raw}`;
}

/** The zod schema for a tool's input: the precise shape for known tools, else any object. */
export function claudeToolInputSchema(name: string): z.ZodType<Record<string, unknown>> {
  return toolInputSchemas.get(name) ?? open;
}
