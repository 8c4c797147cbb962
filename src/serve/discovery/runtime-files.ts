// Where a running `elwood serve` tells local clients its URL and token (issue 25,
// prd/decisions.md "Server discovery"): one private file per server, `serve-<pid>.json`
// (0600), in a private per-user runtime folder (0700):
//
//   $XDG_RUNTIME_DIR/elwood    when XDG_RUNTIME_DIR is an absolute path to a real folder
//                              of ours with no group or world access (as the XDG spec
//                              requires; anything else is not trusted)
//   <os tmpdir>/elwood-<uid>/serve   otherwise (beside the sessions' socket homes)
//
// A folder that is a symlink, someone else's, or open to group or world is refused, never
// repaired; files are written rename-atomic with no-follow opens and read back only when
// they are our own 0600 regular files. A file whose pid is gone is stale and removed.
import { unlinkSync } from "node:fs";
import { lstat, mkdir, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { ElwoodError } from "../../index.js";
import { currentUid } from "../../state/path-safety.js";
import {
  readPrivateFile,
  removePrivateFile,
  writePrivateFileAtomic,
} from "../../state/private-files.js";

type Env = Readonly<Record<string, string | undefined>>;

/** What a server writes about itself. */
export interface ServerFile {
  readonly pid: number;
  /** Base URL, e.g. http://127.0.0.1:4173. */
  readonly url: string;
  readonly token: string;
  /** ISO-8601 UTC. */
  readonly startedAt: string;
}

const FILE_NAME = /^serve-(\d{1,10})\.json$/;

/** The runtime folder for this user (see the header); nothing is created. */
export async function runtimeFolder(env: Env = process.env): Promise<string> {
  return (await locate(env)).folder;
}

// The folder, and the per-user parent to create first when it is the tmp fallback
// (XDG_RUNTIME_DIR itself was checked, and is never created by us).
async function locate(env: Env): Promise<{ folder: string; parent?: string }> {
  const xdg = env.XDG_RUNTIME_DIR;
  if (xdg !== undefined && isAbsolute(xdg) && (await isPrivateFolder(xdg))) {
    return { folder: join(xdg, "elwood") };
  }
  const parent = join(tmpdir(), `elwood-${currentUid()}`);
  return { folder: join(parent, "serve"), parent };
}

/** Writes this server's file; the returned remover is idempotent (sync for `exit`). */
export async function writeServerFile(
  server: Omit<ServerFile, "pid" | "startedAt">,
  env: Env = process.env,
): Promise<{ readonly path: string; remove(): Promise<void>; removeSync(): void }> {
  const { folder, parent } = await locate(env);
  if (parent !== undefined) await ensurePrivateFolder(parent);
  await ensurePrivateFolder(folder);
  const name = `serve-${process.pid}.json`;
  const file: ServerFile = { ...server, pid: process.pid, startedAt: new Date().toISOString() };
  const path = await writePrivateFileAtomic(folder, name, `${JSON.stringify(file)}\n`);
  let removed = false;
  return {
    path,
    async remove() {
      if (removed) return;
      removed = true;
      await removePrivateFile(folder, name).catch(() => undefined);
    },
    removeSync() {
      if (removed) return;
      removed = true;
      try {
        unlinkSync(path);
      } catch {
        // Already gone.
      }
    },
  };
}

/**
 * The servers whose process is alive, newest first. Stale files are removed; a file that
 * is not our own private regular file, or does not parse, is skipped. A missing folder
 * means no server; an unsafe one is `state_corrupt`.
 */
export async function listServerFiles(env: Env = process.env): Promise<ServerFile[]> {
  const folder = await runtimeFolder(env);
  const stats = await lstat(folder).catch(() => undefined);
  if (stats === undefined) return [];
  assertPrivateFolder(folder, stats);
  const servers: ServerFile[] = [];
  for (const entry of await readdir(folder)) {
    if (!FILE_NAME.test(entry)) continue;
    const server = await readServerFile(folder, entry);
    if (server === undefined) continue;
    if (!isProcessAlive(server.pid)) {
      await removePrivateFile(folder, entry).catch(() => undefined);
      continue;
    }
    servers.push(server);
  }
  return servers.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}

async function readServerFile(folder: string, name: string): Promise<ServerFile | undefined> {
  let text: string | undefined;
  try {
    text = await readPrivateFile(join(folder, name));
  } catch {
    return undefined; // a symlink, someone else's file, group/world bits: not trusted
  }
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as Partial<Record<keyof ServerFile, unknown>>;
    const pid = Number(FILE_NAME.exec(name)?.[1]);
    if (
      value.pid === pid &&
      typeof value.url === "string" &&
      /^http:\/\/[^/\s]+$/.test(value.url) &&
      typeof value.token === "string" &&
      typeof value.startedAt === "string"
    ) {
      return { pid, url: value.url, token: value.token, startedAt: value.startedAt };
    }
  } catch {
    // Not JSON: skipped like any other unreadable file.
  }
  return undefined;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === "EPERM";
  }
}

async function isPrivateFolder(path: string): Promise<boolean> {
  const stats = await lstat(path).catch(() => undefined);
  return stats?.isDirectory() === true && stats.uid === currentUid() && (stats.mode & 0o077) === 0;
}

async function ensurePrivateFolder(folder: string): Promise<void> {
  await mkdir(folder, { mode: 0o700 }).catch((error: { code?: unknown }) => {
    if (error.code !== "EEXIST") throw unsafe(folder, "could not be created", error);
  });
  const stats = await lstat(folder);
  assertPrivateFolder(folder, stats);
}

function assertPrivateFolder(
  folder: string,
  stats: { isDirectory(): boolean; isSymbolicLink(): boolean; uid: number; mode: number },
): void {
  if (stats.isSymbolicLink() || !stats.isDirectory()) {
    throw unsafe(folder, "is not a real folder (a symlink or a file)");
  }
  if (stats.uid !== currentUid()) throw unsafe(folder, `is owned by uid ${stats.uid}`);
  if ((stats.mode & 0o077) !== 0) {
    throw unsafe(folder, `is open to group or world (mode ${(stats.mode & 0o777).toString(8)})`);
  }
}

function unsafe(folder: string, problem: string, cause?: unknown): ElwoodError {
  return new ElwoodError(
    "state_corrupt",
    `The server runtime folder ${folder} ${problem}; it must be your own private folder (mode 700). Remove it and start \`elwood serve\` again.`,
    { details: { path: folder }, ...(cause === undefined ? {} : { cause }) },
  );
}
