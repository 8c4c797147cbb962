// Tool names and inputs as Codex 0.171.0 hooks report them (seeds §7A.2, hook-protocols
// B6): every shell call is `Bash {command}`, patches are `apply_patch {command}`, MCP tools
// keep `mcp__<server>__<tool>`, and any other raw name is renamed `unknown:<raw>`.

import { z } from "zod";
import type { DeepReadonly, ShapeOf } from "../../bridge/catalogue.js";

const toolShapes = {
  /** Shell, unified exec and network approvals; network approvals add `description`. */
  Bash: { command: z.string(), description: z.string().optional() },
  /** `command` holds the raw patch text (`*** Begin Patch …`). */
  apply_patch: { command: z.string() },
} as const;

type ToolShapes = typeof toolShapes;

export type CodexKnownToolName = keyof ToolShapes;
export type CodexMcpToolName = `mcp__${string}`;
export type CodexUnknownToolName = `unknown:${string}`;
export type CodexToolName = CodexKnownToolName | CodexMcpToolName | CodexUnknownToolName;

export type CodexToolInputs = { [N in CodexKnownToolName]: ShapeOf<ToolShapes[N]> };

/** `tool_input` per tool name: exact for Bash/apply_patch, an object for MCP, else unknown. */
export type CodexToolInputOf<N extends string> = N extends CodexKnownToolName
  ? CodexToolInputs[N]
  : N extends CodexMcpToolName
    ? Record<string, unknown>
    : unknown;

/** The `tool_name`/`tool_input` pair; narrowing `tool_name` narrows `tool_input`. */
export type CodexToolCall<N extends CodexToolName = CodexToolName> = N extends unknown
  ? { readonly tool_name: N; readonly tool_input: DeepReadonly<CodexToolInputOf<N>> }
  : never;

export function isCodexKnownTool(name: string): name is CodexKnownToolName {
  return Object.hasOwn(toolShapes, name);
}

/** The name a raw Codex tool name is dispatched under. */
export function normalizeCodexToolName(raw: string): CodexToolName {
  if (isCodexKnownTool(raw)) return raw;
  if (raw.startsWith("mcp__")) return raw as CodexMcpToolName;
  return raw.startsWith("unknown:") ? (raw as CodexUnknownToolName) : `unknown:${raw}`;
}

// Built once: zod compiles a schema's parser on its first use (see the Claude tools).
const toolInputSchemas = new Map<string, z.ZodType>(
  Object.entries(toolShapes).map(([name, shape]) => [name, z.looseObject(shape)]),
);
const mcpToolInput = z.record(z.string(), z.unknown());
const anyToolInput = z.unknown();

/** Schema of a tool's input: exact shape for known tools, object for MCP, anything else. */
export function codexToolInputSchema(name: string): z.ZodType {
  return toolInputSchemas.get(name) ?? (name.startsWith("mcp__") ? mcpToolInput : anyToolInput);
}
