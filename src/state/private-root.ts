// The private per-user root (issue 21, prd/internals.md "state/"): where Elwood keeps
// what the agent must not be able to change — the trusted copies of each session's
// record and loops, and its generated runtime files — outside every workspace and
// outside shared temp directories. It must survive a reboot (a resume checks the record
// against the copy), so it is the user's state directory, not $XDG_RUNTIME_DIR.
//
//   Linux (and other Unixes): $XDG_STATE_HOME/elwood/private (absolute only), else
//                             ~/.local/state/elwood/private
//   macOS:                    ~/Library/Application Support/elwood/private
//
// Each session gets `<root>/<fingerprint>` (0700), fingerprint = first 32 hex digits of
// sha256(real stateDir NUL elwoodSessionId): derived, never stored, like the socket home.

import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { errnoCode, stateCorrupt } from "./state-errors.js";

export const PRIVATE_DIR_NAME = "private";
export const PRIVATE_FINGERPRINT_HEX_LENGTH = 32;

type Env = Readonly<Record<string, string | undefined>>;

export interface PrivateRootSource {
  readonly env?: Env;
  readonly platform?: NodeJS.Platform;
  readonly homedir?: string;
}

/** The default private root for this user (see the header for the rules). */
export function defaultPrivateRoot(source: PrivateRootSource = {}): string {
  const env = source.env ?? process.env;
  const home = source.homedir ?? os.homedir();
  if ((source.platform ?? process.platform) === "darwin")
    return path.join(home, "Library", "Application Support", "elwood", PRIVATE_DIR_NAME);
  const stateHome = env.XDG_STATE_HOME;
  const base =
    stateHome !== undefined && path.isAbsolute(stateHome)
      ? stateHome
      : path.join(home, ".local", "state");
  return path.join(base, "elwood", PRIVATE_DIR_NAME);
}

/** First 32 hex digits of sha256(stateDir NUL sessionId). */
export function privateFingerprint(realStateDir: string, sessionId: string): string {
  return createHash("sha256")
    .update(`${realStateDir}\0${sessionId}`)
    .digest("hex")
    .slice(0, PRIVATE_FINGERPRINT_HEX_LENGTH);
}

// The same state dir reached through a symlink (macOS /tmp, a linked home) must find the
// same copy; a state dir that does not exist yet keeps its resolved spelling.
export async function realStateDir(stateDir: string): Promise<string> {
  try {
    return await fs.realpath(stateDir);
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return stateDir;
    throw stateCorrupt(`Cannot resolve the state dir ${stateDir}`, stateDir, error);
  }
}
