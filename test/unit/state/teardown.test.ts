// Teardown (§8.4, C-STATE-07, C-STATE-08, C-STATE-09, C-LOOP-14): removes exactly
// the session directory, the private dir and the socket home, never following a symlink.

import { mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { claudeRecord, makeWorkspace, openStore, snapshotTree } from "./support.js";

const LOOP = {
  id: "l",
  mode: "idle",
  message: "m",
  jitterMs: 0,
  createdAt: 1,
  expiresAt: 2,
} as const;

describe("removeSession", () => {
  it("C-STATE-08: removes the session dir, private dir and socket home and nothing else", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    for (const id of ["keep", "gone"]) {
      await store.writeRecord(claudeRecord(workspace.cwd, id));
      await store.writeLoops(id, [LOOP]);
      await store.writeRuntimeFile(id, "claude-settings.json", "{}");
      await store.prepareSocketHome("claude", id);
    }
    await store.prepareSocketHome("codex", "gone");
    writeFileSync(path.join(workspace.cwd, "CLAUDE.md"), "project settings\n");
    const keptTree = snapshotTree(store.sessionDir("keep"));
    const keptPrivate = snapshotTree(await store.privateDir("keep"));
    const keptHome = store.socketHome("claude", "keep");
    const gonePrivate = await store.privateDir("gone");

    const removed = await store.removeSession("claude", "gone");

    expect(removed).toEqual({ sessionDir: true, privateDir: true, socketHome: true, skipped: [] });
    expect(() => statSync(store.sessionDir("gone"))).toThrow();
    expect(() => statSync(gonePrivate)).toThrow();
    expect(snapshotTree(await store.privateDir("keep"))).toBe(keptPrivate);
    expect(() => statSync(store.socketHome("claude", "gone"))).toThrow();
    expect(statSync(store.socketHome("codex", "gone")).isDirectory()).toBe(true);
    expect(snapshotTree(store.sessionDir("keep"))).toBe(keptTree);
    expect(statSync(keptHome).isDirectory()).toBe(true);
    expect(await store.listSessions()).toEqual(["keep"]);
    expect(readdirSync(store.stateDir).sort()).toEqual([".gitignore", "sessions"]);
    expect(readdirSync(workspace.cwd).sort()).toEqual([".elwood", "CLAUDE.md"]);
  });

  it("C-STATE-09: never follows a symlink planted inside the session dir", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    const sessionDir = await store.prepareSession("s");
    const home = await store.prepareSocketHome("claude", "s");
    const agentState = path.join(workspace.outside, "agent-home");
    mkdirSync(agentState);
    writeFileSync(path.join(agentState, "auth.json"), "token\n");
    symlinkSync(agentState, path.join(sessionDir, "linked-dir"));
    symlinkSync(path.join(agentState, "auth.json"), path.join(home, "linked-file"));
    const before = snapshotTree(workspace.outside);
    await store.removeSession("claude", "s");
    expect(snapshotTree(workspace.outside)).toBe(before);
    expect(() => statSync(sessionDir)).toThrow();
  });

  it("C-STATE-07: is idempotent and reports when there was nothing to remove", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    const nothing = { sessionDir: false, privateDir: false, socketHome: false, skipped: [] };
    expect(await store.removeSession("claude", "s")).toEqual(nothing);
    await store.writeRecord(claudeRecord(workspace.cwd, "s"));
    expect(await store.removeSession("claude", "s")).toEqual({
      ...nothing,
      sessionDir: true,
      privateDir: true,
    });
    expect(await store.removeSession("claude", "s")).toEqual(nothing);
  });

  it("C-LOOP-14: removeLoops (kill) keeps the record; teardown removes both", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    await store.writeRecord(claudeRecord(workspace.cwd, "s"));
    await store.writeLoops("s", [LOOP]);
    await store.removeLoops("s");
    expect(await store.readLoops("s")).toEqual([]);
    expect(await store.readRecord("s")).toEqual(claudeRecord(workspace.cwd, "s"));
    await store.writeLoops("s", [LOOP]);
    await store.removeSession("claude", "s");
    expect(await store.readLoops("s")).toEqual([]);
  });
});
