// Socket homes (§8.1, C-STATE-12): short, stable, per-identity private
// directories under the temp dir, whatever the length of stateDir.

import { chmodSync, chownSync, mkdirSync, rmSync, statSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { StateStore, socketFingerprint } from "../../../src/state/index.js";
import {
  expectElwoodError,
  FOREIGN_UID,
  IS_ROOT,
  makeWorkspace,
  modeOf,
  NOT_ROOT_REASON,
  openStore,
  snapshotTree,
} from "./support.js";

const uid = process.getuid?.() ?? -1;

describe("socket home", () => {
  it("C-STATE-12: lives at <tmpdir>/elwood-<uid>/<32 hex of sha256(stateDir NUL adapter NUL id)>", async () => {
    const workspace = makeWorkspace();
    const store = await StateStore.open({ cwd: workspace.cwd });
    const { createHash } = await import("node:crypto");
    const expected = createHash("sha256")
      .update(`${store.stateDir}\0claude\0s-1`)
      .digest("hex")
      .slice(0, 32);
    expect(socketFingerprint(store.stateDir, "claude", "s-1")).toBe(expected);
    expect(store.socketHome("claude", "s-1")).toBe(
      path.join(os.tmpdir(), `elwood-${uid}`, expected),
    );
  });

  it("C-STATE-12: a 300-character stateDir still yields a short socket path", async () => {
    const workspace = makeWorkspace();
    const longDir = path.join(workspace.cwd, "d".repeat(100), "e".repeat(100), "f".repeat(100));
    expect(longDir.length).toBeGreaterThan(300);
    const store = await openStore(workspace, longDir);
    const shortStore = await openStore(workspace, "s");
    const home = store.socketHome("codex", "session");
    expect(home.length).toBe(shortStore.socketHome("codex", "session").length);
    // A fresh socket file name inside the home must still fit sun_path (104 on macOS).
    const socketPath = path.join(home, "bridge-0123456789abcdef.sock");
    if (workspace.tempDir.length <= 40) expect(Buffer.byteLength(socketPath)).toBeLessThan(104);
    const prepared = await store.prepareSocketHome("codex", "session");
    expect(prepared).toBe(home);
    expect(modeOf(home)).toBe(0o700);
    expect(modeOf(path.dirname(home))).toBe(0o700);
  });

  it("C-STATE-12: is stable per identity and distinct per stateDir, adapter and id", async () => {
    const workspace = makeWorkspace();
    const a = await openStore(workspace, "a");
    const again = await openStore(workspace, "./a/");
    const b = await openStore(workspace, "b");
    const homes = new Set([
      a.socketHome("claude", "x"),
      a.socketHome("codex", "x"),
      a.socketHome("claude", "y"),
      b.socketHome("claude", "x"),
    ]);
    expect(homes.size).toBe(4);
    expect(again.socketHome("claude", "x")).toBe(a.socketHome("claude", "x"));
  });

  it("is never under stateDir and is created only by prepareSocketHome", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    const home = store.socketHome("claude", "s");
    expect(home.startsWith(store.stateDir)).toBe(false);
    expect(() => statSync(home)).toThrow();
    await store.prepareSocketHome("claude", "s");
    expect(statSync(home).isDirectory()).toBe(true);
  });

  it("re-tightens a loosened parent we own to 0700", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    const home = await store.prepareSocketHome("claude", "s");
    chmodSync(path.dirname(home), 0o755);
    await store.prepareSocketHome("claude", "s");
    expect(modeOf(path.dirname(home))).toBe(0o700);
  });

  it("a symlinked parent or home is state_corrupt to use, skipped by teardown, its target untouched", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    const home = store.socketHome("claude", "s");
    const parent = path.dirname(home);
    symlinkSync(workspace.outside, parent);
    const before = snapshotTree(workspace.outside);
    await expectElwoodError(store.prepareSocketHome("claude", "s"), "state_corrupt");
    expect((await store.removeSession("claude", "s")).skipped).toEqual([
      { path: parent, reason: "symlink" },
    ]);
    expect(snapshotTree(workspace.outside)).toBe(before);
    rmSync(parent);
    mkdirSync(parent, { mode: 0o700 });
    symlinkSync(workspace.outside, home);
    await expectElwoodError(store.prepareSocketHome("claude", "s"), "state_corrupt");
    expect((await store.removeSession("claude", "s")).skipped).toEqual([
      { path: home, reason: "symlink" },
    ]);
    expect(snapshotTree(workspace.outside)).toBe(before);
  });

  it("a parent owned by another user is state_corrupt", async (context) => {
    if (!IS_ROOT) context.skip(NOT_ROOT_REASON);
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    const parent = path.dirname(store.socketHome("claude", "s"));
    mkdirSync(parent, { mode: 0o700 });
    chownSync(parent, FOREIGN_UID, FOREIGN_UID);
    await expectElwoodError(store.prepareSocketHome("claude", "s"), "state_corrupt");
  });
});
