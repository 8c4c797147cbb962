// Zod fields with Elwood's wording, for the options every entry point validates once
// (STYLE §4): each field carries its own message, and parseOptions turns the first zod
// issue into an ElwoodError (a specific name and details ride on a custom issue's params).
// Shared by core's start options and each agent's (src/<agent>/options.ts).
import { z } from "zod";
import { ElwoodError, type ElwoodErrorDetails } from "../errors.js";

/** What a field's message function reads of its issue. */
interface IssueAt {
  readonly input?: unknown;
  readonly path?: PropertyKey[] | undefined;
}

// An issue's `params` carry a specific error name and details (custom checks only).
interface IssueParams {
  readonly error?: string;
  readonly details?: ElwoodErrorDetails;
}

/** A non-empty string without NUL. */
export const text = (option: string) =>
  z
    .string({ error: `\`${option}\` must be a non-empty string.` })
    .refine((value) => value.length > 0 && !value.includes("\0"), {
      error: `\`${option}\` must be a non-empty string.`,
    })
    .optional();

export const flag = (option: string) =>
  z.boolean({ error: `\`${option}\` must be a boolean.` }).optional();

/** One of a closed set; the message lists the set (and `error` may name a specific error). */
export function oneOf<const T extends readonly string[]>(
  option: string,
  values: T,
  error = "invalid_options",
) {
  const list = values.map((value) => `"${value}"`).join(", ");
  return z
    .custom<T[number]>((value) => typeof value === "string" && values.includes(value), {
      error: (issue) => `\`${option}\` must be one of ${list}; got ${JSON.stringify(issue.input)}.`,
      params: { error, details: { validValues: [...values] } } satisfies IssueParams,
    })
    .optional();
}

/** An array of non-empty strings (an empty array is allowed). */
export function textList(option: string) {
  const error = `\`${option}\` must be an array of non-empty strings.`;
  const item = z.string({ error }).refine((value) => value.trim() !== "" && !value.includes("\0"), {
    error,
  });
  return z.array(item, { error }).readonly().optional();
}

// zod's record takes plain objects only; any object but an array counts here, as it did
// before zod (process.env itself, an object with a null prototype, a class instance).
const ownEntries = (value: unknown) =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? { ...value } : value;
const objectOf = <T extends z.ZodType>(record: T) => z.preprocess(ownEntries, record);

/** An object (not null, not an array). */
export const plainObject = (message: string) =>
  objectOf(z.record(z.string(), z.unknown(), { error: message })).optional();

const handler = z.custom<(...args: never[]) => unknown>((value) => typeof value === "function");
const toolHandlers = objectOf(z.record(z.string(), handler.optional()));

// Event names outside the agent's catalogue are accepted and never called (decisions.md).
/** Hook handlers by event name (or, on tool events, by tool name). */
export const handlerMap = objectOf(
  z.record(z.string(), z.union([handler, toolHandlers], { error: hookEntryMessage }).optional(), {
    error: "`hooks` must be an object of handlers keyed by hook event name.",
  }),
).optional();

function hookEntryMessage(issue: IssueAt) {
  const where = `hooks.${String(issue.path?.at(-1))}`;
  const entry = issue.input;
  if (typeof entry !== "object" || entry === null || Array.isArray(entry))
    return `\`${where}\` must be a handler function or an object of handler functions keyed by tool name; got ${describe(entry)}.`;
  const [tool, value] =
    Object.entries(entry).find(([, v]) => v !== undefined && typeof v !== "function") ?? [];
  return `\`${where}.${String(tool)}\` must be a handler function; got ${describe(value)}.`;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  return Array.isArray(value) ? "an array" : `a ${typeof value}`;
}

const envEntry = (issue: IssueAt) => `\`env.${String(issue.path?.at(-1))}\` must be a string.`;
/** Environment variables by name. */
export const environment = objectOf(
  z.record(
    z.string().refine((key) => key !== "" && !key.includes("=") && !key.includes("\0")),
    z.string({ error: envEntry }).optional(),
    {
      error: (issue) =>
        issue.code === "invalid_key"
          ? envEntry(issue)
          : "`env` must be an object of environment variables.",
    },
  ),
).optional();

/** A field whose one rule is an existing assert function (one rule wherever it enters). */
export function checked<T>(check: () => T, context: z.RefinementCtx): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof ElwoodError)) throw error;
    const params: IssueParams = { error: error.name, details: error.details };
    context.addIssue({ code: "custom", message: error.message, params });
    return z.NEVER;
  }
}

/** The schema's output, or the ElwoodError its first issue means; `entry` names the caller. */
export function parseOptions(schema: z.ZodType, options: object, entry: string): unknown {
  const result = schema.safeParse(options);
  if (result.success) return result.data;
  const issue = result.error.issues[0] as z.core.$ZodIssue;
  if (issue.code === "unrecognized_keys") {
    const option = issue.keys[0] ?? "";
    throw invalidOption(`\`${option}\` is not an option of ${entry}.`, { option });
  }
  const option = issue.path[0];
  if (typeof option !== "string") throw invalidOption(`${entry} options must be an object.`);
  const params = (issue.code === "custom" ? issue.params : undefined) as IssueParams | undefined;
  throw new ElwoodError<string>(params?.error ?? "invalid_options", issue.message, {
    details: { option, ...params?.details },
  });
}

export function invalidOption(message: string, details: Record<string, unknown> = {}) {
  return new ElwoodError("invalid_options", message, { details });
}
