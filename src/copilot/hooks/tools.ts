// Tool names and inputs as Copilot 1.0.102 hooks report them: the shell tool is `bash`
// (lower case) with `{command, description}` (a permissionRequest carries `{command}`
// only); every other tool keeps its own name and is typed loosely.

import { z } from "zod";
import type { DeepReadonly, ShapeOf } from "../../bridge/catalogue.js";

const toolShapes = {
  bash: { command: z.string(), description: z.string().optional() },
} as const;

type ToolShapes = typeof toolShapes;

export type CopilotKnownToolName = keyof ToolShapes;
/** Any other tool Copilot names (view, edit, create, MCP tools): its input is unknown. */
export type CopilotOtherToolName = string & {};
export type CopilotToolName = CopilotKnownToolName | CopilotOtherToolName;

export type CopilotToolInputs = { [N in CopilotKnownToolName]: ShapeOf<ToolShapes[N]> };

export type CopilotToolInputOf<N extends string> = N extends CopilotKnownToolName
  ? CopilotToolInputs[N]
  : unknown;

/** The normalized `tool_name`/`tool_input` pair; narrowing the name narrows the input. */
export type CopilotToolCall<N extends CopilotToolName = CopilotToolName> = N extends unknown
  ? { readonly tool_name: N; readonly tool_input: DeepReadonly<CopilotToolInputOf<N>> }
  : never;

const toolInputSchemas = new Map<string, z.ZodType>(
  Object.entries(toolShapes).map(([name, shape]) => [name, z.looseObject(shape)]),
);
const anyToolInput = z.unknown();

export function copilotToolInputSchema(name: string): z.ZodType {
  return toolInputSchemas.get(name) ?? anyToolInput;
}

/** Copilot's names are dispatched as they are. */
export function normalizeCopilotToolName(raw: string): CopilotToolName {
  return raw;
}
