// Symlink attacks on state (§8.1, TARGETS safety row, C-STATE-01): a planted link
// at the root, sessions dir, session dir, record, sidecar, runtime file or a
// user-owned ancestor is refused as state_corrupt and its target left untouched.

import { lchownSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { StateStore } from "../../../src/state/index.js";
import {
  claudeRecord,
  expectElwoodError,
  FOREIGN_UID,
  IS_ROOT,
  makeWorkspace,
  openStore,
  snapshotTree,
  type Workspace,
} from "./support.js";

const LOOP = {
  id: "l",
  mode: "idle",
  message: "m",
  jitterMs: 0,
  createdAt: 1,
  expiresAt: 2,
} as const;

/** Every operation that reads or changes the session; each must refuse. */
function operations(store: StateStore, workspace: Workspace) {
  return {
    prepareSession: () => store.prepareSession("s"),
    writeRecord: () => store.writeRecord(claudeRecord(workspace.cwd, "s")),
    readRecord: () => store.readRecord("s"),
    writeLoops: () => store.writeLoops("s", [LOOP]),
    readLoops: () => store.readLoops("s"),
    removeLoops: () => store.removeLoops("s"),
    writeRuntimeFile: () => store.writeRuntimeFile("s", "settings.json", "{}"),
    removeSession: () => store.removeSession("claude", "s"),
  };
}

async function expectAllRefused(store: StateStore, workspace: Workspace, skip: string[] = []) {
  const before = snapshotTree(workspace.outside);
  for (const [name, run] of Object.entries(operations(store, workspace))) {
    if (skip.includes(name)) continue;
    const error = await expectElwoodError(run(), "state_corrupt");
    expect(error.message, name).toMatch(/symlink|not a/);
    expect(snapshotTree(workspace.outside), `${name} touched the link target`).toBe(before);
  }
}

/** The outside directory a link points to, with a marker file in it. */
function plantTarget(workspace: Workspace): string {
  const target = path.join(workspace.outside, "target");
  mkdirSync(target);
  writeFileSync(path.join(target, "marker"), "do not touch\n");
  return target;
}

describe("symlinked state directories", () => {
  it("C-STATE-01: a symlinked state root is refused before the target is touched", async () => {
    const workspace = makeWorkspace();
    symlinkSync(plantTarget(workspace), path.join(workspace.cwd, ".elwood"));
    await expectAllRefused(await openStore(workspace), workspace);
    await expectElwoodError((await openStore(workspace)).listSessions(), "state_corrupt");
  });

  it("C-STATE-01: a symlinked sessions dir is refused", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace, "state");
    mkdirSync(store.stateDir, { mode: 0o700 });
    symlinkSync(plantTarget(workspace), path.join(store.stateDir, "sessions"));
    await expectAllRefused(store, workspace);
    await expectElwoodError(store.listSessions(), "state_corrupt");
  });

  it("C-STATE-01: a symlinked session dir is refused", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace, "state");
    mkdirSync(path.join(store.stateDir, "sessions"), { recursive: true, mode: 0o700 });
    symlinkSync(plantTarget(workspace), path.join(store.stateDir, "sessions", "s"));
    await expectAllRefused(store, workspace);
  });

  it("C-STATE-01: a user-owned symlinked ancestor is refused", async () => {
    const workspace = makeWorkspace();
    const link = path.join(workspace.cwd, "link");
    symlinkSync(plantTarget(workspace), link);
    // As root every link we make is root-owned; hand it to an ordinary user.
    if (IS_ROOT) lchownSync(link, FOREIGN_UID, FOREIGN_UID);
    const store = await openStore(workspace, "link/state");
    await expectAllRefused(store, workspace);
  });

  it("a root-owned symlinked ancestor (a system alias like macOS /tmp) is allowed", async (context) => {
    if (!IS_ROOT) context.skip("only root can create a root-owned symlink; this run is not root");
    const workspace = makeWorkspace();
    const target = plantTarget(workspace);
    symlinkSync(target, path.join(workspace.cwd, "alias"));
    const store = await openStore(workspace, "alias/state");
    await store.writeRecord(claudeRecord(workspace.cwd, "s"));
    expect(await store.readRecord("s")).toEqual(claudeRecord(workspace.cwd, "s"));
  });

  it("a state root that is a regular file is refused", async () => {
    const workspace = makeWorkspace();
    writeFileSync(path.join(workspace.cwd, ".elwood"), "not a dir");
    const error = await expectElwoodError(
      (await openStore(workspace)).prepareSession("s"),
      "state_corrupt",
    );
    expect(error.details.path).toBe(path.join(workspace.cwd, ".elwood"));
  });
});

describe("symlinked state files", () => {
  // The target holds valid, private content, so only the link itself can be objected to.
  async function withLinkedFile(name: string) {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    const sessionDir = await store.prepareSession("s");
    const target = path.join(workspace.outside, "secret");
    const content =
      name === "loops.json"
        ? { schemaVersion: 1, loops: [LOOP] }
        : claudeRecord(workspace.cwd, "s");
    writeFileSync(target, JSON.stringify(content), { mode: 0o600 });
    symlinkSync(target, path.join(sessionDir, name));
    return { workspace, store, before: snapshotTree(workspace.outside) };
  }

  it("C-STATE-01: a symlinked record.json is neither read nor replaced", async () => {
    const { workspace, store, before } = await withLinkedFile("record.json");
    const error = await expectElwoodError(store.readRecord("s"), "state_corrupt");
    expect(error.message).toMatch(/symlink/);
    await expectElwoodError(store.writeRecord(claudeRecord(workspace.cwd, "s")), "state_corrupt");
    expect(snapshotTree(workspace.outside)).toBe(before);
  });

  it("C-LOOP-21: a symlinked loops.json is neither read, replaced nor removed", async () => {
    const { workspace, store, before } = await withLinkedFile("loops.json");
    const error = await expectElwoodError(store.readLoops("s"), "state_corrupt");
    expect(error.message).toMatch(/symlink/);
    await expectElwoodError(store.writeLoops("s", [LOOP]), "state_corrupt");
    await expectElwoodError(store.removeLoops("s"), "state_corrupt");
    expect(snapshotTree(workspace.outside)).toBe(before);
  });

  it("C-STATE-01: a symlinked generated runtime file in the private dir is not replaced", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    await store.writeRuntimeFile("s", "claude-tool-env.sh", "unset X\n");
    const privateDir = await store.privateDir("s");
    const target = path.join(workspace.outside, "secret");
    writeFileSync(target, "echo planted\n", { mode: 0o600 });
    rmSync(path.join(privateDir, "claude-tool-env.sh"));
    symlinkSync(target, path.join(privateDir, "claude-tool-env.sh"));
    const before = snapshotTree(workspace.outside);
    await expectElwoodError(
      store.writeRuntimeFile("s", "claude-tool-env.sh", "unset X\n"),
      "state_corrupt",
    );
    expect(snapshotTree(workspace.outside)).toBe(before);
  });

  it("issue 21: a symlinked private root or private dir is refused, its target untouched", async () => {
    for (const linked of ["root", "dir"] as const) {
      const workspace = makeWorkspace();
      const store = await openStore(workspace);
      await store.prepareSession("s");
      const target = plantTarget(workspace);
      const link = linked === "root" ? workspace.privateRoot : await store.privateDir("s");
      mkdirSync(path.dirname(link), { recursive: true, mode: 0o700 });
      symlinkSync(target, link);
      const before = snapshotTree(workspace.outside);
      for (const run of [
        () => store.writeRecord(claudeRecord(workspace.cwd, "s")),
        () => store.writeRuntimeFile("s", "claude-tool-env.sh", "{}"),
        () => store.writeLoops("s", [LOOP]),
      ])
        await expectElwoodError(run(), "state_corrupt");
      expect(snapshotTree(workspace.outside)).toBe(before);
    }
  });
});
