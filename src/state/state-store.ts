// StateStore (prd/internals.md "state/"): the one door to everything Elwood keeps
// on disk — session records, loop sidecars, their trusted copies and the private
// runtime files (in the private dir, outside the workspace), socket homes.

import { promises as fs } from "node:fs";
import path from "node:path";
import { ElwoodError } from "../errors.js";
import { type FolderRemoval, removeOwnedChild, type SkippedFolder } from "./foreign-folders.js";
import { type LoopDefinition, LoopSidecarSchema } from "./loop-sidecar.js";
import { describeIssues, parseStateJson } from "./parse-state.js";
import { assertSafeAncestors, ensureOwnedDirectory, inspectOwnedDirectory } from "./path-safety.js";
import {
  GITIGNORE_FILE_NAME,
  LOOPS_FILE_NAME,
  RECORD_FILE_NAME,
  resolveStateLocation,
  type StateLocationOptions,
  sessionDirOf,
  sessionsDirOf,
} from "./paths.js";
import {
  createFileIfAbsent,
  readPrivateFile,
  removePrivateFile,
  writePrivateFileAtomic,
} from "./private-files.js";
import { defaultPrivateRoot, privateFingerprint, realStateDir } from "./private-root.js";
import { type SessionRecord, SessionRecordSchema } from "./record.js";
import { removeOwnedTree } from "./remove-tree.js";
import { assertRuntimeFileName, assertSessionId, isValidSessionId } from "./session-id.js";
import { prepareSocketHomeDirectory, socketHomePath } from "./socket-home.js";
import { asElwoodError, stateCorrupt } from "./state-errors.js";
import { trustedRecordRemoved } from "./trusted-copy.js";
import { type TrustedSession, verifyAgainstCopies } from "./trusted-read.js";

export interface StateStoreOptions extends StateLocationOptions {
  /** Parent of socket homes; defaults to `os.tmpdir()` (tests point it elsewhere). */
  readonly tempDir?: string;
  /** Root of the private session dirs; defaults to `defaultPrivateRoot()`. */
  readonly privateRoot?: string;
}

export interface RemovedSession {
  readonly sessionDir: boolean;
  readonly privateDir: boolean;
  readonly socketHome: boolean;
  /** Folders that are not ours (another user's, a symlink): left alone and never used. */
  readonly skipped: readonly SkippedFolder[];
}

export type { TrustedSession } from "./trusted-read.js";

export class StateStore {
  readonly cwd: string;
  readonly stateDir: string;
  readonly isDefaultStateDir: boolean;
  readonly privateRoot: string;
  readonly #tempDir: string | undefined;

  private constructor(options: StateStoreOptions) {
    const location = resolveStateLocation(options);
    this.cwd = location.cwd;
    this.stateDir = location.stateDir;
    this.isDefaultStateDir = location.isDefault;
    this.privateRoot = path.resolve(options.privateRoot ?? defaultPrivateRoot());
    this.#tempDir = options.tempDir;
  }

  /** Resolves and validates the location; creates nothing. */
  static async open(options: StateStoreOptions): Promise<StateStore> {
    return new StateStore(options);
  }

  /** Derived, never stored: `<stateDir>/sessions/<id>`. */
  sessionDir(id: string): string {
    assertSessionId(id);
    return sessionDirOf(this.stateDir, id);
  }

  /** Creates root, sessions dir and session dir (0700), refusing any symlink. */
  async prepareSession(id: string): Promise<string> {
    const sessionDir = this.sessionDir(id);
    await assertSafeAncestors(this.stateDir, { create: true });
    const rootMode = this.isDefaultStateDir ? 0o755 : 0o700;
    await ensureOwnedDirectory(this.stateDir, { mode: rootMode, enforceMode: false });
    await ensureOwnedDirectory(sessionsDirOf(this.stateDir), { mode: 0o700, enforceMode: true });
    await ensureOwnedDirectory(sessionDir, { mode: 0o700, enforceMode: true });
    if (this.isDefaultStateDir)
      await createFileIfAbsent(this.stateDir, GITIGNORE_FILE_NAME, "*\n", 0o644);
    return sessionDir;
  }

  // Read side: the same symlink/ownership rules, but nothing is created.
  async #existingSessionDir(id: string): Promise<string | undefined> {
    const sessionDir = this.sessionDir(id);
    await assertSafeAncestors(this.stateDir, { create: false });
    for (const dir of [this.stateDir, sessionsDirOf(this.stateDir), sessionDir])
      if ((await inspectOwnedDirectory(dir)) === "missing") return undefined;
    return sessionDir;
  }

  async readRecord(id: string): Promise<SessionRecord> {
    const sessionDir = await this.#existingSessionDir(id);
    const file = path.join(sessionDir ?? this.sessionDir(id), RECORD_FILE_NAME);
    const text = sessionDir === undefined ? undefined : await readPrivateFile(file);
    if (text === undefined)
      throw new ElwoodError(
        "state_not_found",
        `No session record for "${id}" in ${this.stateDir}.`,
        {
          details: { path: file },
        },
      );
    const record = parseStateJson(file, text, SessionRecordSchema, "session record");
    if (record.elwoodSessionId !== id)
      throw stateCorrupt(`Session record ${file} belongs to another session id`, file);
    return record;
  }

  async writeRecord(record: SessionRecord<unknown>): Promise<string> {
    const parsed = SessionRecordSchema.safeParse(record);
    if (!parsed.success)
      throw new ElwoodError(
        "invalid_options",
        `Refusing to write an invalid session record (${describeIssues(parsed.error)}).`,
      );
    const id = parsed.data.elwoodSessionId;
    const sessionDir = await this.prepareSession(id);
    const privateDir = await this.#preparePrivateDir(id);
    const text = `${JSON.stringify(parsed.data, null, 2)}\n`;
    try {
      // The trusted copy first: a crash between the writes leaves at most an older record,
      // which a resume refuses rather than trusts (prd/decisions.md "Trusted copies").
      await writePrivateFileAtomic(privateDir, RECORD_FILE_NAME, text);
      return await writePrivateFileAtomic(sessionDir, RECORD_FILE_NAME, text);
    } catch (error) {
      throw asElwoodError("state_corrupt", "Could not write the session record", sessionDir, error);
    }
  }

  /**
   * The record and loops a resume may launch: each must equal its trusted copy in the
   * private dir, or this throws `state_corrupt` naming the field. A record with no copy
   * is refused too, and so is a record deleted while its copy remains. A deleted sidecar
   * means no loops (fewer prompts never loosen).
   */
  async readTrustedSession(id: string): Promise<TrustedSession> {
    const privateDir = await this.#existingPrivateDir(id);
    const record = await this.readRecord(id).catch(async (error: unknown) => {
      // A deleted record would let startOrResume* fall back to a fresh start with the
      // caller's (possibly looser) options; a surviving copy says Elwood still owns it.
      const copy = privateDir === undefined ? undefined : path.join(privateDir, RECORD_FILE_NAME);
      if (
        ElwoodError.is(error, "state_not_found") &&
        copy !== undefined &&
        (await readPrivateFile(copy)) !== undefined
      )
        throw trustedRecordRemoved({ elwoodSessionId: id, path: this.sessionDir(id) });
      throw error;
    });
    return verifyAgainstCopies({
      elwoodSessionId: id,
      record,
      sessionDir: this.sessionDir(id),
      copyDir: privateDir ?? (await this.privateDir(id)),
      hasCopyDir: privateDir !== undefined,
    });
  }

  /** The session's loops; an absent sidecar (or session) means none. */
  async readLoops(id: string): Promise<LoopDefinition[]> {
    const sessionDir = await this.#existingSessionDir(id);
    if (sessionDir === undefined) return [];
    const file = path.join(sessionDir, LOOPS_FILE_NAME);
    const text = await readPrivateFile(file);
    if (text === undefined) return [];
    return parseStateJson(file, text, LoopSidecarSchema, "loop sidecar").loops;
  }

  async writeLoops(id: string, loops: readonly LoopDefinition[]): Promise<void> {
    assertSessionId(id);
    const parsed = LoopSidecarSchema.safeParse({ schemaVersion: 1, loops });
    if (!parsed.success)
      throw new ElwoodError(
        "invalid_loop",
        `Refusing to persist invalid loops (${describeIssues(parsed.error)}).`,
      );
    const sessionDir = await this.prepareSession(id);
    const text = `${JSON.stringify(parsed.data)}\n`;
    try {
      await writePrivateFileAtomic(await this.#preparePrivateDir(id), LOOPS_FILE_NAME, text);
      await writePrivateFileAtomic(sessionDir, LOOPS_FILE_NAME, text);
    } catch (error) {
      throw asPersistenceError(sessionDir, error);
    }
  }

  /** Deletes the sidecar (kill); the session record stays. */
  async removeLoops(id: string): Promise<void> {
    const sessionDir = await this.#existingSessionDir(id);
    if (sessionDir === undefined) return;
    try {
      // The sidecar first: a resume reads a missing sidecar as "no loops", whatever the copy.
      await removePrivateFile(sessionDir, LOOPS_FILE_NAME);
      const privateDir = await this.#existingPrivateDir(id);
      if (privateDir !== undefined) await removePrivateFile(privateDir, LOOPS_FILE_NAME);
    } catch (error) {
      throw asPersistenceError(sessionDir, error);
    }
  }

  /**
   * Writes a generated file (0600, atomic) into the session's private dir, outside the
   * workspace, and returns its absolute path.
   */
  async writeRuntimeFile(id: string, name: string, text: string): Promise<string> {
    assertRuntimeFileName(name);
    await this.prepareSession(id);
    const privateDir = await this.#preparePrivateDir(id);
    try {
      return await writePrivateFileAtomic(privateDir, name, text);
    } catch (error) {
      throw asElwoodError(
        "state_corrupt",
        `Could not write runtime file ${name}`,
        privateDir,
        error,
      );
    }
  }

  /** Derived, never stored: `<privateRoot>/<fingerprint of the real stateDir and id>`. */
  async privateDir(id: string): Promise<string> {
    assertSessionId(id);
    return path.join(this.privateRoot, privateFingerprint(await realStateDir(this.stateDir), id));
  }

  async #preparePrivateDir(id: string): Promise<string> {
    const privateDir = await this.privateDir(id);
    await assertSafeAncestors(this.privateRoot, { create: true });
    await ensureOwnedDirectory(this.privateRoot, { mode: 0o700, enforceMode: true });
    await ensureOwnedDirectory(privateDir, { mode: 0o700, enforceMode: true });
    return privateDir;
  }

  async #existingPrivateDir(id: string): Promise<string | undefined> {
    const privateDir = await this.privateDir(id);
    await assertSafeAncestors(this.privateRoot, { create: false });
    for (const dir of [this.privateRoot, privateDir])
      if ((await inspectOwnedDirectory(dir)) === "missing") return undefined;
    return privateDir;
  }

  socketHome(adapter: string, id: string): string {
    assertSessionId(id);
    return socketHomePath(this.#socketIdentity(adapter, id));
  }

  async prepareSocketHome(adapter: string, id: string): Promise<string> {
    assertSessionId(id);
    return prepareSocketHomeDirectory(this.#socketIdentity(adapter, id));
  }

  /**
   * Teardown: the session directory, the private dir and the socket home, nothing else.
   * A private root or socket-home parent that is not ours is skipped, never a failure.
   */
  async removeSession(adapter: string, id: string): Promise<RemovedSession> {
    const socketHome = this.socketHome(adapter, id);
    const privateDir = await this.privateDir(id);
    const sessionDir = await this.#existingSessionDir(id);
    const removedSessionDir = sessionDir !== undefined && (await removeOwnedTree(sessionDir));
    const removals: FolderRemoval[] = [
      await removeOwnedChild(this.privateRoot, privateDir),
      await removeOwnedChild(path.dirname(socketHome), socketHome),
    ];
    const [removedPrivate, removedSocket] = removals;
    return {
      sessionDir: removedSessionDir,
      privateDir: removedPrivate?.removed ?? false,
      socketHome: removedSocket?.removed ?? false,
      skipped: removals.flatMap((removal) =>
        removal.skipped === undefined ? [] : [removal.skipped],
      ),
    };
  }

  /** Ids of every session directory under this state root, sorted. */
  async listSessions(): Promise<string[]> {
    const sessionsDir = sessionsDirOf(this.stateDir);
    await assertSafeAncestors(this.stateDir, { create: false });
    for (const dir of [this.stateDir, sessionsDir])
      if ((await inspectOwnedDirectory(dir)) === "missing") return [];
    const entries = await fs.readdir(sessionsDir, { withFileTypes: true }).catch((error) => {
      throw stateCorrupt(`Cannot list sessions in ${sessionsDir}`, sessionsDir, error);
    });
    return entries
      .filter((entry) => entry.isDirectory() && isValidSessionId(entry.name))
      .map((entry) => entry.name)
      .sort();
  }

  #socketIdentity(adapter: string, sessionId: string) {
    const identity = { stateDir: this.stateDir, adapter, sessionId };
    return this.#tempDir === undefined ? identity : { ...identity, tempDir: this.#tempDir };
  }
}

function asPersistenceError(sessionDir: string, error: unknown): ElwoodError {
  return asElwoodError("loop_persistence_failed", "Could not persist loops", sessionDir, error);
}
