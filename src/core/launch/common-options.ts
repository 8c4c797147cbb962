// Options every adapter shares, validated and normalized once at the edge (STYLE §4):
// bad input becomes an ElwoodError before anything is spawned or written.
import path from "node:path";
import { DEFAULT_HOOK_TIMEOUT_MS, MAX_HOOK_TIMEOUT_MS } from "../../bridge/limits.js";
import { ElwoodError } from "../../errors.js";
import { assertTerminalSize, DEFAULT_TERMINAL_SIZE } from "../../terminal/terminal.js";
import type { ElwoodTerminalSize } from "../contract/status.js";

export interface CommonStartOptions {
  readonly cwd: string;
  readonly stateDir?: string;
  readonly initialSize?: ElwoodTerminalSize;
  readonly persona?: string;
  readonly autoupdate?: boolean;
  readonly autotrust?: boolean;
  readonly hookTimeoutMs?: number;
  readonly strictVersionCheck?: boolean;
  /** Path to the CLI, for setups where the login shell cannot find it (nvm, Electron). */
  readonly executable?: string;
  /** Environment for the login shell and the CLI; defaults to the parent's `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface NormalizedCommonOptions {
  readonly cwd: string;
  readonly stateDir: string | undefined;
  readonly initialSize: ElwoodTerminalSize;
  readonly persona: string | undefined;
  readonly autoupdate: boolean;
  readonly autotrust: boolean;
  readonly hookTimeoutMs: number;
  readonly strictVersionCheck: boolean;
  readonly executable: string | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** What an agent's option normalizer hands the runtime, validated once at the edge. */
export interface NormalizedAgentOptions<Launch, Handlers, Posture> {
  readonly common: NormalizedCommonOptions;
  /** What the launch needs beyond the persisted posture. */
  readonly launch: Launch;
  /** Only the posture fields the caller set; resume merges these over the record. */
  readonly postureOverrides: Posture;
  readonly hooks: Handlers | undefined;
}

export function invalidOption(message: string, details: Record<string, unknown> = {}): ElwoodError {
  return new ElwoodError("invalid_options", message, { details });
}

export function optionalBoolean(value: unknown, name: string): boolean {
  if (value === undefined) return false;
  if (typeof value !== "boolean")
    throw invalidOption(`\`${name}\` must be a boolean.`, { option: name });
  return value;
}

function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.length === 0 || value.includes("\0")) {
    throw invalidOption(`\`${name}\` must be a non-empty string.`, { option: name });
  }
  return value;
}

export function normalizeSize(value: unknown): ElwoodTerminalSize {
  return value === undefined ? DEFAULT_TERMINAL_SIZE : assertTerminalSize(value);
}

export function normalizeHookTimeout(value: unknown): number {
  if (value === undefined) return DEFAULT_HOOK_TIMEOUT_MS;
  if (
    !Number.isInteger(value) ||
    (value as number) <= 0 ||
    (value as number) > MAX_HOOK_TIMEOUT_MS
  ) {
    throw invalidOption(`\`hookTimeoutMs\` must be a positive integer number of milliseconds.`);
  }
  return value as number;
}

/** Resolves cwd (default: the process cwd) to an absolute path; existence is checked by the store. */
export function normalizeCwd(value: unknown): string {
  if (value === undefined) return process.cwd();
  const cwd = optionalString(value, "cwd");
  return path.resolve(cwd ?? process.cwd());
}

export function normalizeCommonOptions(options: object): NormalizedCommonOptions {
  if (typeof options !== "object" || options === null) {
    throw invalidOption("Options must be an object.");
  }
  const raw = options as Record<string, unknown>;
  const cwd = normalizeCwd(raw.cwd);
  const stateDir = optionalString(raw.stateDir, "stateDir");
  const persona = raw.persona === undefined ? undefined : optionalString(raw.persona, "persona");
  return {
    cwd,
    stateDir: stateDir === undefined ? undefined : path.resolve(cwd, stateDir),
    initialSize: normalizeSize(raw.initialSize),
    persona,
    autoupdate: optionalBoolean(raw.autoupdate, "autoupdate"),
    autotrust: optionalBoolean(raw.autotrust, "autotrust"),
    hookTimeoutMs: normalizeHookTimeout(raw.hookTimeoutMs),
    strictVersionCheck: optionalBoolean(raw.strictVersionCheck, "strictVersionCheck"),
    executable: optionalString(raw.executable, "executable"),
    env: normalizeEnv(raw.env),
  };
}

/**
 * The part every agent's normalizer shares: the common options and the hooks object;
 * `specific` validates the rest from the raw options and returns launch and posture.
 */
export function normalizeAgentOptions<Launch, Handlers, Posture>(
  options: object,
  specific: (raw: Readonly<Record<string, unknown>>) => {
    readonly launch: Launch;
    readonly postureOverrides: Posture;
  },
): NormalizedAgentOptions<Launch, Handlers, Posture> {
  const common = normalizeCommonOptions(options);
  const raw = options as Readonly<Record<string, unknown>>;
  return { common, ...specific(raw), hooks: optionalHandlers<Handlers>(raw.hooks) };
}

export function optionalStringList(value: unknown, name: string): readonly string[] | undefined {
  if (value === undefined) return undefined;
  if (
    !Array.isArray(value) ||
    value.some((item) => typeof item !== "string" || item.trim() === "" || item.includes("\0"))
  ) {
    throw invalidOption(`\`${name}\` must be an array of non-empty strings.`, { option: name });
  }
  return Object.freeze([...value]);
}

export function optionalEnum<T extends string>(
  value: unknown,
  name: string,
  allowed: readonly T[],
  errorName: ElwoodError["name"] = "invalid_options",
): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    throw new ElwoodError(
      errorName,
      `\`${name}\` must be one of ${allowed.map((v) => `"${v}"`).join(", ")}; got ${JSON.stringify(value)}.`,
      { details: { option: name, validValues: [...allowed] } },
    );
  }
  return value as T;
}

export { optionalString };

function normalizeEnv(value: unknown): Readonly<Record<string, string | undefined>> {
  if (value === undefined) return process.env;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalidOption("`env` must be an object of environment variables.");
  }
  for (const [key, entry] of Object.entries(value)) {
    if (
      key === "" ||
      key.includes("=") ||
      key.includes("\0") ||
      (entry !== undefined && typeof entry !== "string")
    ) {
      throw invalidOption(`\`env.${key}\` must be a string.`, { option: "env" });
    }
  }
  return { ...(value as Record<string, string | undefined>) };
}

/**
 * The `hooks` option: an object keyed by hook event name whose entries are handler
 * functions or, on tool events, objects of handler functions keyed by tool name.
 * Anything else is refused now, not found missing at the first hook (names outside
 * the agent's catalogue are allowed and never called: prd/decisions.md).
 */
export function optionalHandlers<Handlers>(value: unknown): Handlers | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalidOption("`hooks` must be an object of handlers keyed by hook event name.");
  }
  for (const [event, entry] of Object.entries(value)) {
    if (entry === undefined || typeof entry === "function") continue;
    const isToolMap = typeof entry === "object" && entry !== null && !Array.isArray(entry);
    const badTool = isToolMap
      ? Object.entries(entry).find(
          ([, handler]) => handler !== undefined && typeof handler !== "function",
        )
      : undefined;
    if (isToolMap && badTool === undefined) continue;
    const where = badTool === undefined ? `hooks.${event}` : `hooks.${event}.${badTool[0]}`;
    throw invalidOption(
      `\`${where}\` must be a handler function${badTool === undefined ? " or an object of handler functions keyed by tool name" : ""}; got ${describeValue(badTool === undefined ? entry : badTool[1])}.`,
      { option: "hooks" },
    );
  }
  return value as Handlers;
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}
