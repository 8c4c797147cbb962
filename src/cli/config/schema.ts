// The v1 config file (spec §5.5): a strict schema, so a typo is an error and not a
// silently ignored key. Prompt, cwd, keep/ephemeral, resume ids and images are not
// settings and have no key.
import { z } from "zod";

import {
  CLAUDE_PERMISSION_MODES,
  CLAUDE_REASONING_EFFORTS,
  CODEX_REASONING_EFFORTS,
  CODEX_SANDBOX_MODES,
  ELWOOD_AGENT_KINDS,
} from "../../index.js";

// The value lists come from the library's own option schemas, so the CLI can never accept
// a value the library refuses (or refuse one it accepts).
export {
  CLAUDE_PERMISSION_MODES,
  CLAUDE_REASONING_EFFORTS,
  CODEX_REASONING_EFFORTS,
  CODEX_SANDBOX_MODES,
};
export const AGENTS = ELWOOD_AGENT_KINDS;
// Codex's posture schema still reads "untrusted" from old records, but starting with it is
// refused (Codex 0.171 rejects it), so the CLI offers only the policies that start.
export const CODEX_APPROVAL_POLICIES = ["on-request", "never"] as const;
export const OUTPUT_FORMATS = ["text", "json", "jsonl"] as const;

const text = z.string().min(1);

export const ConfigSchema = z.strictObject({
  schemaVersion: z.literal(1),
  agent: z.enum(AGENTS).optional(),
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
  claude: z
    .strictObject({
      model: text.optional(),
      reasoningEffort: z.enum(CLAUDE_REASONING_EFFORTS).optional(),
      permissionMode: z.enum(CLAUDE_PERMISSION_MODES).optional(),
    })
    .optional(),
  codex: z
    .strictObject({
      model: text.optional(),
      reasoningEffort: z.enum(CODEX_REASONING_EFFORTS).optional(),
      sandbox: z.enum(CODEX_SANDBOX_MODES).optional(),
      approvalPolicy: z.enum(CODEX_APPROVAL_POLICIES).optional(),
    })
    .optional(),
});

export type ElwoodConfig = z.infer<typeof ConfigSchema>;

/** Every settable dotted key, with how its text form is read by `config set`. */
export const CONFIG_KEYS = {
  agent: "string",
  output: "string",
  timeout: "string",
  trust: "boolean",
  highTrust: "boolean",
  stateDir: "string",
  verbose: "boolean",
  stream: "boolean",
  persona: "string",
  "claude.model": "string",
  "claude.reasoningEffort": "string",
  "claude.permissionMode": "string",
  "codex.model": "string",
  "codex.reasoningEffort": "string",
  "codex.sandbox": "string",
  "codex.approvalPolicy": "string",
} as const satisfies Record<string, "string" | "boolean">;

export type ConfigKey = keyof typeof CONFIG_KEYS;

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
