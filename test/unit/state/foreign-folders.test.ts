// Foreign folders cannot block teardown (issue 21 item 5): another local user who
// creates `<tmpdir>/elwood-<uid>` in the sticky /tmp, or a private root left root-owned
// by a sudo run, is skipped and named, never a failed teardown, and nothing in it is
// used or removed. The ownership rule is checked with an injected uid (any user) and,
// as root, with real folders chowned to another uid.
import { chownSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { classifyFolder, removeOwnedChild } from "../../../src/state/foreign-folders.js";
import {
  claudeRecord,
  expectElwoodError,
  FOREIGN_UID,
  IS_ROOT,
  makeTempDir,
  makeWorkspace,
  NOT_ROOT_REASON,
  openStore,
  snapshotTree,
} from "./support.js";

const ourUid = process.getuid?.() ?? -1;

describe("classifyFolder / removeOwnedChild", () => {
  it("a folder owned by any other uid is skipped as foreign_owner and nothing under it is removed", async () => {
    const parent = path.join(makeTempDir(), "elwood-1000");
    const child = path.join(parent, "home");
    mkdirSync(child, { recursive: true });
    writeFileSync(path.join(child, "file"), "x");
    const before = snapshotTree(parent);
    // Seen as another user: our own folder is the foreign one.
    expect(await classifyFolder(parent, ourUid + 1)).toEqual({
      path: parent,
      reason: "foreign_owner",
    });
    expect(await removeOwnedChild(parent, child, ourUid + 1)).toEqual({
      removed: false,
      skipped: { path: parent, reason: "foreign_owner" },
    });
    expect(snapshotTree(parent)).toBe(before);
    expect(await classifyFolder(parent, ourUid)).toBe("ours");
    expect(await removeOwnedChild(parent, child, ourUid)).toEqual({ removed: true });
    expect(() => statSync(child)).toThrow();
  });

  it("a missing folder is nothing to do; a regular file is skipped as not_a_directory", async () => {
    const dir = makeTempDir();
    expect(await removeOwnedChild(path.join(dir, "none"), path.join(dir, "none", "x"))).toEqual({
      removed: false,
    });
    writeFileSync(path.join(dir, "file"), "x");
    expect(await classifyFolder(path.join(dir, "file"))).toEqual({
      path: path.join(dir, "file"),
      reason: "not_a_directory",
    });
  });
});

describe("teardown with folders owned by another user", () => {
  it("C-STATE-08 issue 21: a foreign <tmpdir>/elwood-<uid> and a foreign private root are skipped and named; the session dir still goes", async (context) => {
    if (!IS_ROOT) context.skip(NOT_ROOT_REASON);
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    await store.writeRecord(claudeRecord(workspace.cwd, "s"));
    const socketParent = path.dirname(store.socketHome("claude", "s"));
    mkdirSync(store.socketHome("claude", "s"), { recursive: true, mode: 0o700 });
    writeFileSync(path.join(store.socketHome("claude", "s"), "theirs"), "x");
    chownSync(socketParent, FOREIGN_UID, FOREIGN_UID);
    chownSync(workspace.privateRoot, FOREIGN_UID, FOREIGN_UID);
    const privateDir = await store.privateDir("s");
    const before = [snapshotTree(socketParent), snapshotTree(workspace.privateRoot)];

    const removed = await store.removeSession("claude", "s");

    expect(removed).toEqual({
      sessionDir: true,
      privateDir: false,
      socketHome: false,
      skipped: [
        { path: workspace.privateRoot, reason: "foreign_owner" },
        { path: socketParent, reason: "foreign_owner" },
      ],
    });
    expect(() => statSync(store.sessionDir("s"))).toThrow();
    expect([snapshotTree(socketParent), snapshotTree(workspace.privateRoot)]).toEqual(before);
    expect(statSync(privateDir).isDirectory()).toBe(true);
    // Never used: a launch refuses to write into the foreign private root.
    await expectElwoodError(store.writeRecord(claudeRecord(workspace.cwd, "t")), "state_corrupt");
    await expectElwoodError(store.prepareSocketHome("claude", "t"), "state_corrupt");
  });
});
