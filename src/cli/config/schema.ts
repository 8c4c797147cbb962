// The v1 config file (spec §5.5): a strict schema, so a typo is an error and not a
// silently ignored key. Prompt, cwd, keep/ephemeral, resume ids and images are not
// settings and have no key.
import { z } from "zod";
import { AGENT_IDS, type Agent, agentEntry } from "../agents/registry.js";

export const AGENTS = AGENT_IDS;
export const OUTPUT_FORMATS = ["text", "json", "jsonl"] as const;

const text = z.string().min(1);

/** One agent's section (`"<agent>": { model, reasoningEffort, <posture keys> }`). */
export type AgentConfigSection = {
  readonly model?: string;
  readonly reasoningEffort?: string;
} & { readonly [postureKey: string]: string | undefined };

export type ElwoodConfig = {
  readonly schemaVersion: 1;
  readonly agent?: Agent;
  readonly output?: (typeof OUTPUT_FORMATS)[number];
  readonly timeout?: string;
  readonly trust?: boolean;
  readonly highTrust?: boolean;
  readonly stateDir?: string;
  readonly verbose?: boolean;
  readonly stream?: boolean;
  readonly persona?: string;
} & { readonly [A in Agent]?: AgentConfigSection };

/** One of `values`; none at all: nothing is accepted (an agent without efforts). */
function oneOf(values: readonly string[]) {
  const [first, ...rest] = values;
  return first === undefined ? z.never() : z.enum([first, ...rest]);
}

// The value lists come from each agent's registry entry (its folder's own option lists),
// so the CLI can never accept a value the library refuses (or refuse one it accepts).
function agentSection(agent: Agent) {
  const { app } = agentEntry(agent);
  return z
    .strictObject({
      model: text.optional(),
      reasoningEffort: oneOf(app.reasoningEfforts).optional(),
      ...Object.fromEntries(
        app.postureSettings.map((setting) => [
          setting.configKey,
          (setting.values === undefined ? text : oneOf(setting.values)).optional(),
        ]),
      ),
    })
    .optional();
}

export const ConfigSchema: z.ZodType<ElwoodConfig> = z.strictObject({
  schemaVersion: z.literal(1),
  agent: z.enum(AGENTS as readonly [Agent, ...Agent[]]).optional(),
  output: z.enum(OUTPUT_FORMATS).optional(),
  timeout: z
    .string()
    .regex(/^[1-9][0-9]*(ms|s|m|h)$/, "a duration like 90s or 5m")
    .optional(),
  trust: z.boolean().optional(),
  highTrust: z.boolean().optional(),
  stateDir: z
    .string()
    .refine((value) => value.startsWith("/"), "an absolute path")
    .optional(),
  verbose: z.boolean().optional(),
  stream: z.boolean().optional(),
  persona: text.optional(),
  ...Object.fromEntries(AGENTS.map((agent) => [agent, agentSection(agent)])),
}) as unknown as z.ZodType<ElwoodConfig>;

/** Every settable dotted key, with how its text form is read by `config set`. */
export const CONFIG_KEYS: Readonly<Record<string, "string" | "boolean">> = {
  agent: "string",
  output: "string",
  timeout: "string",
  trust: "boolean",
  highTrust: "boolean",
  stateDir: "string",
  verbose: "boolean",
  stream: "boolean",
  persona: "string",
  ...Object.fromEntries(
    AGENTS.flatMap((agent) => [
      [`${agent}.model`, "string"],
      [`${agent}.reasoningEffort`, "string"],
      ...agentEntry(agent).app.postureSettings.map((setting) => [
        `${agent}.${setting.configKey}`,
        "string",
      ]),
    ]),
  ),
};

export type ConfigKey = string;

export function isConfigKey(key: string): key is ConfigKey {
  return Object.hasOwn(CONFIG_KEYS, key);
}

/** A short, value-free description of what is wrong with a config document. */
export function describeConfigIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const key = issue.path.map(String).join(".") || "(top level)";
      if (issue.code === "unrecognized_keys") {
        return `unknown key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => [key === "(top level)" ? "" : `${key}.`, k].join("")).join(", ")}`;
      }
      return `${key}: ${issue.message}`;
    })
    .join("; ");
}
