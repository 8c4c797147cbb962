// The effective settings of a run (spec §5.3, §5.5), resolved once from flags, env and
// config, and validated against the agent before anything is launched.
import path from "node:path";
import type { AgentPostureSetting } from "../../index.js";
import {
  AGENT_IDS,
  type Agent,
  agentEntry,
  POSTURE_SETTINGS,
  type PostureSettingKey,
  settingKeyOf,
} from "../agents/registry.js";
import { parseDuration } from "../args/duration.js";
import type { OptionName } from "../args/options.js";
import { usageError } from "../usage-error.js";
import {
  type Layers,
  nonEmptyText,
  oneOf,
  resolveSetting,
  type Setting,
  strictBoolean,
} from "./layers.js";
import { defaultStateDir, type Env } from "./paths.js";
import { OUTPUT_FORMATS } from "./schema.js";

export type { Agent };
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface CommonSettings {
  readonly agent: Setting<Agent>;
  readonly output: Setting<OutputFormat>;
  readonly timeoutMs: Setting<number>;
  readonly stateDir: Setting<string>;
  readonly verbose: Setting<boolean>;
  readonly debug: boolean;
}

export interface RunSettings extends CommonSettings {
  readonly trust: Setting<boolean>;
  readonly highTrust: Setting<boolean>;
  readonly stream: Setting<boolean>;
  readonly persona: Setting<string>;
}

/**
 * What the chosen agent gets: model, effort and posture, each with its source. Each
 * posture setting is keyed by its flag in camelCase (`--codex-sandbox` → `codexSandbox`);
 * another agent's are "unset".
 */
export type AgentSettings = {
  readonly model: Setting<string>;
  readonly reasoningEffort: Setting<string>;
} & { readonly [Key in PostureSettingKey]: Setting<string> };

/** The chosen agent's posture settings with their resolved values, in declared order. */
export function postureOf(
  agent: Agent,
  settings: AgentSettings,
): readonly { readonly setting: AgentPostureSetting; readonly resolved: Setting<string> }[] {
  return agentEntry(agent).app.postureSettings.map((setting) => ({
    setting,
    resolved: (settings as unknown as Record<string, Setting<string>>)[
      settingKeyOf(setting.flag)
    ] as Setting<string>,
  }));
}

export function resolveCommonSettings(layers: Layers, cwd: string, env: Env): CommonSettings {
  return {
    agent: resolveSetting(layers, {
      flag: "agent",
      env: "ELWOOD_AGENT",
      config: "agent",
      parse: oneOf(AGENT_IDS),
    }),
    output: resolveSetting(layers, {
      flag: "output",
      env: "ELWOOD_OUTPUT",
      config: "output",
      builtin: "text",
      parse: oneOf(OUTPUT_FORMATS),
    }),
    timeoutMs: resolveSetting(layers, {
      flag: "timeout",
      env: "ELWOOD_TIMEOUT",
      config: "timeout",
      parse: parseDuration,
    }),
    stateDir: resolveSetting(layers, {
      flag: "state-dir",
      env: "ELWOOD_STATE_DIR",
      config: "stateDir",
      builtin: defaultStateDir(env),
      parse: (text, source) => path.resolve(cwd, nonEmptyText(text, source)),
    }),
    verbose: resolveSetting(layers, {
      flag: "verbose",
      env: "ELWOOD_VERBOSE",
      config: "verbose",
      builtin: false,
      parse: strictBoolean,
    }),
    debug: layers.flags.get("debug") === true,
  };
}

export function resolveRunSettings(layers: Layers, cwd: string, env: Env): RunSettings {
  return {
    ...resolveCommonSettings(layers, cwd, env),
    trust: resolveSetting(layers, {
      flag: "trust",
      env: "ELWOOD_TRUST",
      config: "trust",
      builtin: true,
      parse: strictBoolean,
    }),
    highTrust: resolveSetting(layers, {
      flag: "high-trust",
      env: "ELWOOD_HIGH_TRUST",
      config: "highTrust",
      builtin: false,
      parse: strictBoolean,
    }),
    stream: resolveSetting(layers, {
      flag: "stream",
      env: "ELWOOD_STREAM",
      config: "stream",
      builtin: false,
      parse: strictBoolean,
    }),
    persona: resolveSetting(layers, {
      flag: "persona",
      env: "ELWOOD_PERSONA",
      config: "persona",
      parse: nonEmptyText,
    }),
  };
}

/**
 * Model, effort and posture for `agent`. `highTrust` wins over config posture keys;
 * together with an explicit flag/env posture it is a usage error naming both sources.
 */
export function resolveAgentSettings(
  layers: Layers,
  agent: Agent,
  highTrust: Setting<boolean>,
): AgentSettings {
  for (const setting of POSTURE_SETTINGS) {
    if (setting.agent !== agent && layers.flags.has(setting.flag as OptionName)) {
      const other = setting.agent;
      throw usageError(
        `--${setting.flag} is a ${other} option, but the agent is ${agent}; drop it or pass --agent ${other}.`,
      );
    }
  }
  const { app } = agentEntry(agent);
  const posture = Object.fromEntries(
    POSTURE_SETTINGS.map((setting) => [
      settingKeyOf(setting.flag),
      postureSetting(layers, highTrust, setting.agent === agent, {
        flag: setting.flag as OptionName,
        env: setting.env,
        config: `${setting.agent}.${setting.configKey}`,
        ...(setting.builtin === undefined ? {} : { builtin: setting.builtin }),
        ...(setting.highTrust === undefined ? {} : { highTrust: setting.highTrust }),
        parse: setting.values === undefined ? nonEmptyText : oneOf(setting.values),
      }),
    ]),
  );
  return {
    model: resolveSetting(layers, {
      flag: "model",
      env: "ELWOOD_MODEL",
      config: `${agent}.model`,
      parse: nonEmptyText,
    }),
    reasoningEffort: resolveSetting(layers, {
      flag: "reasoning-effort",
      env: "ELWOOD_REASONING_EFFORT",
      config: `${agent}.reasoningEffort`,
      parse:
        (app.reasoningEfforts as readonly string[]).length === 0
          ? (_text, source) => {
              throw usageError(`${source}: ${agent} takes no reasoning effort.`);
            }
          : oneOf(app.reasoningEfforts),
    }),
    ...posture,
  } as AgentSettings;
}

interface PostureSpec {
  readonly flag: OptionName;
  readonly env: string;
  readonly config: string;
  readonly builtin?: string;
  /** What high trust sets it to; absent: high trust leaves it alone. */
  readonly highTrust?: string;
  readonly parse: (text: string, source: string) => string;
}

function postureSetting(
  layers: Layers,
  highTrust: Setting<boolean>,
  applies: boolean,
  spec: PostureSpec,
): Setting<string> {
  if (!applies) return { value: undefined, source: "unset" };
  const explicit = resolveSetting(layers, { flag: spec.flag, env: spec.env, parse: spec.parse });
  if (highTrust.value !== true || spec.highTrust === undefined) {
    if (explicit.value !== undefined) return explicit;
    return resolveSetting(layers, {
      config: spec.config,
      ...(spec.builtin === undefined ? {} : { builtin: spec.builtin }),
      parse: spec.parse,
    });
  }
  if (explicit.value !== undefined) {
    throw usageError(
      `${highTrust.source} (high trust) conflicts with ${explicit.source}: high trust already sets ${spec.flag} to ${spec.highTrust}. Drop one of them (--no-high-trust turns high trust off).`,
      { conflict: [highTrust.source, explicit.source] },
    );
  }
  return { value: spec.highTrust, source: highTrust.source };
}
