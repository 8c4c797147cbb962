// The per-session socket home (§8.1): a private directory under the OS temp dir,
// named by a fixed-length fingerprint of (stateDir, adapter, sessionId) so the
// socket path stays short however deep the caller's stateDir is.

import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { assertSafeAncestors, currentUid, ensureOwnedDirectory } from "./path-safety.js";

export const SOCKET_FINGERPRINT_HEX_LENGTH = 32;

/** First 32 hex digits of sha256(stateDir NUL adapter NUL sessionId). */
export function socketFingerprint(stateDir: string, adapter: string, sessionId: string): string {
  return createHash("sha256")
    .update(`${stateDir}\0${adapter}\0${sessionId}`)
    .digest("hex")
    .slice(0, SOCKET_FINGERPRINT_HEX_LENGTH);
}

/** `<tmpdir>/elwood-<uid>`: the one parent of every socket home of this user. */
export function socketHomeParent(tempDir: string = os.tmpdir()): string {
  return path.join(path.resolve(tempDir), `elwood-${currentUid()}`);
}

export interface SocketHomeIdentity {
  readonly stateDir: string;
  readonly adapter: string;
  readonly sessionId: string;
  /** Defaults to `os.tmpdir()`. */
  readonly tempDir?: string;
}

export function socketHomePath(identity: SocketHomeIdentity): string {
  const fingerprint = socketFingerprint(identity.stateDir, identity.adapter, identity.sessionId);
  return path.join(socketHomeParent(identity.tempDir), fingerprint);
}

/** Creates (or re-checks) the parent and the home: real directories, ours, 0700. */
export async function prepareSocketHomeDirectory(identity: SocketHomeIdentity): Promise<string> {
  const home = socketHomePath(identity);
  const parent = path.dirname(home);
  await assertSafeAncestors(parent, { create: false });
  await ensureOwnedDirectory(parent, { mode: 0o700, enforceMode: true });
  await ensureOwnedDirectory(home, { mode: 0o700, enforceMode: true });
  return home;
}
