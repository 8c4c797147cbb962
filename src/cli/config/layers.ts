// One setting read through its layers, highest first: flag > env > config > built-in
// (spec §5.5). Every value carries where it came from, for messages and `config effective`.

import type { OptionName } from "../args/options.js";
import type { OptionValue } from "../args/parse.js";
import { usageError } from "../usage-error.js";
import type { Env } from "./paths.js";
import type { ElwoodConfig } from "./schema.js";

export interface Setting<T> {
  readonly value: T | undefined;
  /** "flag --x", "env ELWOOD_X", "config x.y", "built-in", "auto-detected", "unset", … */
  readonly source: string;
}

export interface Layers {
  readonly flags: ReadonlyMap<OptionName, OptionValue>;
  /** Only the ELWOOD_* variables that count (empty under --no-defaults). */
  readonly env: Env;
  /** The config file (empty under --no-defaults). */
  readonly config: ElwoodConfig;
}

export interface SettingSpec<T> {
  readonly flag?: OptionName;
  readonly env?: string;
  /** Dotted config key. */
  readonly config?: string;
  readonly builtin?: T;
  /** Turns a flag/env/config text into a value; throws a usage error naming `source`. */
  readonly parse: (text: string, source: string) => T;
}

export function configValue(config: ElwoodConfig, key: string): unknown {
  let node: unknown = config;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export function resolveSetting<T>(layers: Layers, spec: SettingSpec<T>): Setting<T> {
  if (spec.flag !== undefined) {
    const flag = layers.flags.get(spec.flag);
    if (flag !== undefined) {
      const label = typeof flag === "boolean" && !flag ? `--no-${spec.flag}` : `--${spec.flag}`;
      const source = `flag ${label}`;
      return { value: typeof flag === "string" ? spec.parse(flag, source) : (flag as T), source };
    }
  }
  if (spec.env !== undefined) {
    const text = layers.env[spec.env];
    if (text !== undefined && text !== "") {
      const source = `env ${spec.env}`;
      return { value: spec.parse(text, source), source };
    }
  }
  if (spec.config !== undefined) {
    const value = configValue(layers.config, spec.config);
    if (value !== undefined) {
      const source = `config ${spec.config}`;
      return {
        value: typeof value === "string" ? spec.parse(value, source) : (value as T),
        source,
      };
    }
  }
  return spec.builtin === undefined
    ? { value: undefined, source: "unset" }
    : { value: spec.builtin, source: "built-in" };
}

export function oneOf<T extends string>(
  allowed: readonly T[],
): (text: string, source: string) => T {
  return (text, source) => {
    if ((allowed as readonly string[]).includes(text)) return text as T;
    throw usageError(
      `${source} must be one of ${allowed.join(", ")}; got ${JSON.stringify(text)}.`,
    );
  };
}

/** Env booleans are exactly `true` or `false` (spec §5.5). */
export function strictBoolean(text: string, source: string): boolean {
  if (text === "true") return true;
  if (text === "false") return false;
  throw usageError(`${source} must be true or false; got ${JSON.stringify(text)}.`);
}

export function nonEmptyText(text: string, source: string): string {
  if (text.trim() === "") throw usageError(`${source} must not be empty.`);
  return text;
}

/** Keeps only the variables a layer may read; `--no-defaults` drops them all. */
export function elwoodEnv(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith("ELWOOD_")));
}
