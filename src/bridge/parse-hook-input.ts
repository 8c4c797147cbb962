// Runtime validation of a raw hook input into a deep-frozen typed event, shared by both
// agents' catalogues (C-HOOK-07/13/17): the event's own schema, then on tool events the
// tool's input schema and tool-name normalization. Unknown event names parse against a
// generic schema so a newer CLI's events fail open instead of erroring.
import type { z } from "zod";
import {
  deepFreeze,
  describeIssues,
  type HookEventBase,
  type HookParseResult,
  UNKNOWN_HOOK_EVENT_NAME,
} from "./catalogue.js";

/** One agent's schemas, as the parser needs them. */
export interface HookInputSchemas {
  readonly agentName: string;
  /** Per known event, its input schema; other names parse against `unknownEventSchema`. */
  readonly eventSchemas: Readonly<Record<string, z.ZodType>>;
  readonly unknownEventSchema: z.ZodType;
  /** Events whose `tool_input` is checked against the tool's own schema. */
  readonly toolEventNames: readonly string[];
  toolInputSchema(rawToolName: string): z.ZodType;
  normalizeToolName(rawToolName: string): string;
}

/** Validate a JSON-decoded hook input. Never throws. */
export function parseHookInput<Event extends HookEventBase>(
  raw: unknown,
  schemas: HookInputSchemas,
): HookParseResult<Event> {
  const name = readEventName(raw);
  if (name === undefined) {
    return {
      ok: false,
      eventName: UNKNOWN_HOOK_EVENT_NAME,
      message: `${schemas.agentName} hook input is not an object with a string hook_event_name`,
    };
  }
  const known = Object.hasOwn(schemas.eventSchemas, name) ? schemas.eventSchemas[name] : undefined;
  const parsed = (known ?? schemas.unknownEventSchema).safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      eventName: name,
      message: `invalid ${name} input: ${describeIssues(parsed.error)}`,
    };
  }
  let data = parsed.data as Record<string, unknown>;
  if (schemas.toolEventNames.includes(name)) {
    const rawTool = String(data.tool_name);
    const input = schemas.toolInputSchema(rawTool).safeParse(data.tool_input);
    if (!input.success) {
      const why = describeIssues(input.error);
      return {
        ok: false,
        eventName: name,
        message: `invalid ${name} tool_input for ${rawTool}: ${why}`,
      };
    }
    data = { ...data, tool_name: schemas.normalizeToolName(rawTool), tool_input: input.data };
  }
  // Cloned so freezing never reaches into the caller's decoded object.
  return {
    ok: true,
    event: deepFreeze(structuredClone(data)) as unknown as Event,
  };
}

function readEventName(raw: unknown): string | undefined {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return undefined;
  const name: unknown = (raw as { hook_event_name?: unknown }).hook_event_name;
  return typeof name === "string" && name.length > 0 ? name : undefined;
}
