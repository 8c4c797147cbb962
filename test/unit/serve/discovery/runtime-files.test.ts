// The server discovery file (issue 25, prd/decisions.md "Server discovery"): 0600 in a
// 0700 folder, $XDG_RUNTIME_DIR/elwood only when XDG_RUNTIME_DIR is private, symlinked or
// open folders refused, planted or foreign files never read, stale files (dead pid) removed.
import { spawnSync } from "node:child_process";
import { chmod, mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ElwoodError } from "../../../../src/errors.js";
import {
  listServerFiles,
  runtimeFolder,
  writeServerFile,
} from "../../../../src/serve/discovery/runtime-files.js";

const SERVER = { url: "http://127.0.0.1:4173", token: "a".repeat(64) };

/** A pid that certainly belongs to no process any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(child.stdout.toString("utf8"));
}

describe("server discovery file", () => {
  let xdg: string;
  let env: Record<string, string>;

  beforeEach(async () => {
    xdg = await mkdtemp(join(tmpdir(), "elwood-xdg-"));
    await chmod(xdg, 0o700);
    env = { XDG_RUNTIME_DIR: xdg };
  });
  afterEach(async () => {
    await rm(xdg, { recursive: true, force: true });
  });

  it("C-ATTACH-06: is written 0600 in a 0700 $XDG_RUNTIME_DIR/elwood, listed, and removed", async () => {
    const file = await writeServerFile(SERVER, env);
    const folder = join(xdg, "elwood");
    expect(file.path).toBe(join(folder, `serve-${process.pid}.json`));
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await stat(file.path)).mode & 0o777).toBe(0o600);
    const [listed, ...more] = await listServerFiles(env);
    expect(more).toEqual([]);
    expect(listed).toMatchObject({ ...SERVER, pid: process.pid });
    await file.remove();
    expect(await readdir(folder)).toEqual([]);
    expect(await listServerFiles(env)).toEqual([]);
  });

  it("C-ATTACH-06: an XDG_RUNTIME_DIR open to others, relative or missing is not used", async () => {
    const fallback = join(tmpdir(), `elwood-${process.getuid?.() ?? 0}`, "serve");
    await chmod(xdg, 0o755);
    expect(await runtimeFolder(env)).toBe(fallback);
    expect(await runtimeFolder({ XDG_RUNTIME_DIR: "relative/dir" })).toBe(fallback);
    expect(await runtimeFolder({ XDG_RUNTIME_DIR: join(xdg, "missing") })).toBe(fallback);
    expect(await runtimeFolder({})).toBe(fallback);
    await chmod(xdg, 0o700);
    expect(await runtimeFolder(env)).toBe(join(xdg, "elwood"));
  });

  it("C-ATTACH-06: a symlinked or group-writable folder is refused (state_corrupt), nothing written through it", async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), "elwood-elsewhere-"));
    try {
      await chmod(elsewhere, 0o700);
      await symlink(elsewhere, join(xdg, "elwood"));
      const isSymlinkRefusal = (error: unknown) =>
        ElwoodError.is(error, "state_corrupt") && /is not a real folder/.test(error.message);
      await expect(writeServerFile(SERVER, env)).rejects.toSatisfy(isSymlinkRefusal);
      await expect(listServerFiles(env)).rejects.toSatisfy(isSymlinkRefusal);
      expect(await readdir(elsewhere)).toEqual([]);
      await rm(join(xdg, "elwood"));
      await mkdir(join(xdg, "elwood"), { mode: 0o700 });
      await chmod(join(xdg, "elwood"), 0o770);
      await expect(writeServerFile(SERVER, env)).rejects.toThrow(/open to group or world/);
      expect(await readdir(join(xdg, "elwood"))).toEqual([]);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it("C-ATTACH-06: a planted symlink or a readable-by-others file is never read; a planted link is not written through", async () => {
    const folder = join(xdg, "elwood");
    await mkdir(folder, { mode: 0o700 });
    const decoy = join(xdg, "decoy.json");
    const body = JSON.stringify({ ...SERVER, pid: process.pid, startedAt: "2026-12-01T00:00:00Z" });
    await writeFile(decoy, body, { mode: 0o600 });
    await symlink(decoy, join(folder, `serve-${process.pid}.json`));
    expect(await listServerFiles(env)).toEqual([]);
    await expect(writeServerFile(SERVER, env)).rejects.toSatisfy((error) =>
      ElwoodError.is(error, "state_corrupt"),
    );
    await rm(join(folder, `serve-${process.pid}.json`));
    await writeFile(join(folder, `serve-${process.pid}.json`), body, { mode: 0o644 });
    await chmod(join(folder, `serve-${process.pid}.json`), 0o644);
    expect(await listServerFiles(env)).toEqual([]);
  });

  it("C-ATTACH-06: a file whose server process is gone is stale: not listed, and removed", async () => {
    const folder = join(xdg, "elwood");
    await mkdir(folder, { mode: 0o700 });
    const pid = deadPid();
    const name = `serve-${pid}.json`;
    const body = JSON.stringify({ ...SERVER, pid, startedAt: "2026-12-01T00:00:00Z" });
    await writeFile(join(folder, name), body, { mode: 0o600 });
    const live = await writeServerFile(SERVER, env);
    const listed = await listServerFiles(env);
    expect(listed.map((server) => server.pid)).toEqual([process.pid]);
    expect(await readdir(folder)).toEqual([`serve-${process.pid}.json`]);
    await live.remove();
  });
});
