// Shared helpers for the state unit tests: temp workspaces, sample records, and
// snapshots proving that a symlink's target was left untouched.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect } from "vitest";
import { ElwoodError, type ElwoodErrorName } from "../../../src/error-names.js";
import type { SessionRecord } from "../../../src/state/index.js";
import { StateStore } from "../../../src/state/index.js";

export const IS_ROOT = process.getuid?.() === 0;
/** A uid that is neither root nor us, for foreign-owner cases (chown needs root). */
export const FOREIGN_UID = 54_321;
export const NOT_ROOT_REASON = "chown to another uid needs root; this run is not root";

const created: string[] = [];

afterEach(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory under the OS temp dir, removed after the test. */
export function makeTempDir(prefix = "elwood-state-"): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  created.push(dir);
  return dir;
}

export interface Workspace {
  readonly cwd: string;
  /** Socket homes go here instead of the shared OS temp dir. */
  readonly tempDir: string;
  /** Private session dirs go here instead of the user's state dir. */
  readonly privateRoot: string;
  /** A directory outside state that planted symlinks point at. */
  readonly outside: string;
}

export function makeWorkspace(): Workspace {
  const base = makeTempDir();
  const cwd = path.join(base, "project");
  const tempDir = path.join(base, "tmp");
  const outside = path.join(base, "outside");
  for (const dir of [cwd, tempDir, outside]) mkdirSync(dir);
  return { cwd, tempDir, outside, privateRoot: path.join(base, "state-home", "elwood", "private") };
}

export function openStore(workspace: Workspace, stateDir?: string): Promise<StateStore> {
  const options = {
    cwd: workspace.cwd,
    tempDir: workspace.tempDir,
    privateRoot: workspace.privateRoot,
  };
  return StateStore.open(stateDir === undefined ? options : { ...options, stateDir });
}

export function claudeRecord(cwd: string, id: string): SessionRecord {
  return {
    schemaVersion: 1,
    elwoodSessionId: id,
    adapter: "claude",
    cwd,
    resume: { agentSessionId: "agent-1", posture: { permissionMode: "plan", tools: ["Bash"] } },
  };
}

/** Awaits `work` and expects an ElwoodError with `name`. */
export async function expectElwoodError(work: Promise<unknown>, name: ElwoodErrorName) {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ElwoodError);
  expect((error as ElwoodError).name).toBe(name);
  return error as ElwoodError;
}

export function modeOf(target: string): number {
  return statSync(target).mode & 0o777;
}

/** Everything observable about a tree: names, file contents and mtimes. */
export function snapshotTree(target: string): string {
  const lines: string[] = [];
  const walk = (dir: string) => {
    const stats = statSync(dir);
    lines.push(`${dir} dir ${stats.mtimeMs} ${stats.mode}`);
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const fileStats = statSync(full);
        lines.push(`${full} ${fileStats.mtimeMs} ${fileStats.mode} ${readFileSync(full, "utf8")}`);
      }
    }
  };
  walk(target);
  return lines.join("\n");
}
