// Where state lives (§8.1): resolves `cwd` and `stateDir` once, and derives every
// other path from them so nothing path-like is ever stored in a record.

import { statSync } from "node:fs";
import path from "node:path";
import { ElwoodError } from "../errors.js";

export const DEFAULT_STATE_DIR_NAME = ".elwood";
export const SESSIONS_DIR_NAME = "sessions";
export const RECORD_FILE_NAME = "record.json";
export const LOOPS_FILE_NAME = "loops.json";
export const GITIGNORE_FILE_NAME = ".gitignore";

export interface StateLocationOptions {
  readonly cwd: string;
  readonly stateDir?: string | undefined;
}

export interface StateLocation {
  /** Absolute working directory the session runs in. */
  readonly cwd: string;
  /** Absolute state root. */
  readonly stateDir: string;
  /** True when the caller gave no `stateDir` (only then a `.gitignore` is written). */
  readonly isDefault: boolean;
}

function invalidOption(option: string, message: string, cause?: unknown): ElwoodError {
  return new ElwoodError("invalid_options", message, { details: { option }, cause });
}

/**
 * Resolves `stateDir` against `cwd` and checks that `cwd` is an existing directory. The
 * strings were checked where they entered (the start options' schema, listSessions).
 */
export function resolveStateLocation(options: StateLocationOptions): StateLocation {
  const cwd = path.resolve(options.cwd);
  let isDirectory = false;
  try {
    isDirectory = statSync(cwd).isDirectory();
  } catch (error) {
    throw invalidOption("cwd", `\`cwd\` ${cwd} does not exist; pass an existing directory.`, error);
  }
  if (!isDirectory) throw invalidOption("cwd", `\`cwd\` ${cwd} is not a directory.`);
  if (options.stateDir === undefined)
    return { cwd, stateDir: path.join(cwd, DEFAULT_STATE_DIR_NAME), isDefault: true };
  return { cwd, stateDir: path.resolve(cwd, options.stateDir), isDefault: false };
}

export function sessionsDirOf(stateDir: string): string {
  return path.join(stateDir, SESSIONS_DIR_NAME);
}

export function sessionDirOf(stateDir: string, sessionId: string): string {
  return path.join(stateDir, SESSIONS_DIR_NAME, sessionId);
}
