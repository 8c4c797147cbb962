// Tool names and inputs as Gemini CLI 0.61.0 hooks report them: the built-in tools keep
// their own names (`run_shell_command {command, description, dir_path?, is_background?}`,
// `write_file {file_path, content}`, `replace {file_path, old_string, new_string}`,
// `read_file {file_path}`); every other name (more built-ins, MCP tools) is dispatched as
// it is, with an input of unknown shape.

import { z } from "zod";
import type { DeepReadonly, ShapeOf } from "../../bridge/catalogue.js";

const toolShapes = {
  run_shell_command: {
    command: z.string(),
    description: z.string().optional(),
    dir_path: z.string().optional(),
    is_background: z.boolean().optional(),
  },
  write_file: { file_path: z.string(), content: z.string() },
  replace: { file_path: z.string(), old_string: z.string(), new_string: z.string() },
  read_file: { file_path: z.string() },
} as const;

type ToolShapes = typeof toolShapes;

export type GeminiKnownToolName = keyof ToolShapes;
/** Any other tool Gemini reports (more built-ins, MCP tools), by its own name. */
export type GeminiOtherToolName = string & {};
export type GeminiToolName = GeminiKnownToolName | GeminiOtherToolName;

export type GeminiToolInputs = { [N in GeminiKnownToolName]: ShapeOf<ToolShapes[N]> };

export type GeminiToolInputOf<N extends string> = N extends GeminiKnownToolName
  ? GeminiToolInputs[N]
  : unknown;

/** The `tool_name`/`tool_input` pair; narrowing `tool_name` narrows `tool_input`. */
export type GeminiToolCall<N extends GeminiToolName = GeminiToolName> = N extends unknown
  ? { readonly tool_name: N; readonly tool_input: DeepReadonly<GeminiToolInputOf<N>> }
  : never;

export function isGeminiKnownTool(name: string): name is GeminiKnownToolName {
  return Object.hasOwn(toolShapes, name);
}

/** Gemini's tool names are dispatched as they are. */
export function normalizeGeminiToolName(raw: string): GeminiToolName {
  return raw;
}

// Built once: zod compiles a schema's parser on its first use.
const toolInputSchemas = new Map<string, z.ZodType>(
  Object.entries(toolShapes).map(([name, shape]) => [name, z.looseObject(shape)]),
);
const anyToolInput = z.unknown();

/** Schema of a tool's input: the exact shape for the known tools, anything else. */
export function geminiToolInputSchema(name: string): z.ZodType {
  return toolInputSchemas.get(name) ?? anyToolInput;
}
