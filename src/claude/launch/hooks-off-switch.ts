// The user's own off switch for Claude's hooks (issue 48). Elwood's inline settings pin
// `disableAllHooks: false` so that a `true` the agent plants in the workspace's
// `.claude/` cannot silence Elwood's hooks; that pin also outranks the user's own
// settings, and Claude (2.1.332) has no setting that keeps the hooks of one source on
// while the user's switch holds for the rest. So Elwood does not start over the user's
// switch: it reads the settings the workspace cannot write (the user's settings.json and
// the machine's managed settings) and refuses with `claude_hooks_disabled`, before any
// process is spawned or file written, naming the file and what to change.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { readSettingsObject } from "../../core/launch/settings-file.js";
import { ElwoodError } from "../../errors.js";
import type { ClaudeErrorName } from "../errors.js";
import { claudeConfigDir } from "./config-dir.js";

type Env = Readonly<Record<string, string | undefined>>;

/** A setting that keeps Elwood's hooks, or the user's, from running. */
export interface ClaudeHooksOffSwitch {
  readonly source: "user" | "managed";
  readonly setting: "disableAllHooks" | "allowManagedHooksOnly";
  /** The file that sets it. */
  readonly path: string;
}

/** Where Claude reads the machine's managed settings (it takes no override for this). */
export function claudeManagedSettingsDir(platform: NodeJS.Platform = process.platform): string {
  return platform === "darwin" ? "/Library/Application Support/ClaudeCode" : "/etc/claude-code";
}

/** managed-settings.json, then its drop-in folder's `*.json` in name order (later wins). */
async function managedSettingsFiles(dir: string): Promise<string[]> {
  const dropInDir = join(dir, "managed-settings.d");
  const dropIns = await readdir(dropInDir).catch(() => [] as string[]);
  return [
    join(dir, "managed-settings.json"),
    ...dropIns
      .filter((name) => name.endsWith(".json"))
      .sort()
      .map((name) => join(dropInDir, name)),
  ];
}

/** The last of `files` that sets `setting` to a boolean, if that value is true. */
async function lastTrue(
  files: readonly string[],
  setting: ClaudeHooksOffSwitch["setting"],
): Promise<string | undefined> {
  let decided: { path: string; value: boolean } | undefined;
  for (const path of files) {
    // Claude reads strict JSON: a file with comments is one it skips.
    const value = (await readSettingsObject(path, { comments: false }))?.[setting];
    if (typeof value === "boolean") decided = { path, value };
  }
  return decided?.value === true ? decided.path : undefined;
}

/**
 * The first switch that is on: managed `disableAllHooks` (no hook runs at all), managed
 * `allowManagedHooksOnly` (only the organization's hooks run), the user's
 * `disableAllHooks`. Undefined when none is.
 */
export async function findClaudeHooksOffSwitch(
  env: Env,
  managedDir: string = claudeManagedSettingsDir(),
): Promise<ClaudeHooksOffSwitch | undefined> {
  const managed = await managedSettingsFiles(managedDir);
  for (const setting of ["disableAllHooks", "allowManagedHooksOnly"] as const) {
    const path = await lastTrue(managed, setting);
    if (path !== undefined) return { source: "managed", setting, path };
  }
  const userPath = await lastTrue([join(claudeConfigDir(env), "settings.json")], "disableAllHooks");
  return userPath === undefined
    ? undefined
    : { source: "user", setting: "disableAllHooks", path: userPath };
}

function refusal({ source, setting, path }: ClaudeHooksOffSwitch): string {
  if (source === "user") {
    return `Your Claude settings (${path}) set "disableAllHooks": true. Elwood drives Claude through hooks of its own, and Claude cannot run those while keeping yours off, so Elwood does not start rather than switch your hooks back on. To use Elwood, remove "disableAllHooks" from ${path} (your own hooks then run too).`;
  }
  const effect =
    setting === "disableAllHooks"
      ? "Claude runs no hooks at all"
      : "Claude runs only the hooks your organization manages";
  return `Your organization's managed Claude settings (${path}) set "${setting}": true, so ${effect}, Elwood's included, and Elwood cannot drive it. Ask your administrator to change the setting, or run Claude without Elwood.`;
}

/** Throws `claude_hooks_disabled` when a switch the workspace cannot write is on. */
export async function refuseWhenClaudeHooksAreOff(
  env: Env,
  managedDir: string = claudeManagedSettingsDir(),
): Promise<void> {
  const found = await findClaudeHooksOffSwitch(env, managedDir);
  if (found === undefined) return;
  throw new ElwoodError<ClaudeErrorName>("claude_hooks_disabled", refusal(found), {
    details: { ...found },
  });
}
