// State location, gitignore rules and private modes (§8.1, §8.2; C-STATE-01,
// C-STATE-02, C-STATE-03, C-STATE-11).

import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { StateStore } from "../../../src/state/index.js";
import {
  claudeRecord,
  expectElwoodError,
  makeTempDir,
  makeWorkspace,
  modeOf,
  openStore,
  snapshotTree,
} from "./support.js";

describe("state location", () => {
  it("C-STATE-01: defaults to <cwd>/.elwood and creates nothing on open", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    expect(store.stateDir).toBe(path.join(workspace.cwd, ".elwood"));
    expect(store.isDefaultStateDir).toBe(true);
    expect(() => lstatSync(store.stateDir)).toThrow();
  });

  it("C-STATE-02: resolves a relative stateDir against cwd; equivalent spellings match", async () => {
    const workspace = makeWorkspace();
    const a = await openStore(workspace, "state/./x");
    const b = await openStore(workspace, path.join(workspace.cwd, "state", "y", "..", "x"));
    expect(a.stateDir).toBe(path.join(workspace.cwd, "state", "x"));
    expect(b.stateDir).toBe(a.stateDir);
    expect(a.isDefaultStateDir).toBe(false);
    await a.writeRecord(claudeRecord(workspace.cwd, "s"));
    expect(await b.readRecord("s")).toEqual(claudeRecord(workspace.cwd, "s"));
  });

  it("resolves a relative cwd against the process cwd", async () => {
    const workspace = makeWorkspace();
    const relative = path.relative(process.cwd(), workspace.cwd);
    const store = await StateStore.open({ cwd: relative });
    expect(store.cwd).toBe(workspace.cwd);
  });

  // An empty or NUL cwd/stateDir is refused where it enters (the start options' schema,
  // listSessions: test/unit/session/list-options.test.ts); the store checks the folder.
  it("rejects a missing or non-directory cwd as invalid_options", async () => {
    const workspace = makeWorkspace();
    const file = path.join(workspace.cwd, "file");
    writeFileSync(file, "x");
    for (const cwd of [path.join(workspace.cwd, "missing"), file])
      await expectElwoodError(StateStore.open({ cwd }), "invalid_options");
  });

  it("rejects invalid session ids before touching disk", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    for (const id of ["..", "a/b", "/etc", ""]) {
      await expectElwoodError(store.prepareSession(id), "invalid_options");
      await expectElwoodError(store.readRecord(id), "invalid_options");
    }
    expect(() => lstatSync(store.stateDir)).toThrow();
  });
});

describe("gitignore", () => {
  it("C-STATE-11: the default root gets a 0644 .gitignore containing only *", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    await store.prepareSession("s");
    const gitignore = path.join(store.stateDir, ".gitignore");
    expect(readFileSync(gitignore, "utf8")).toBe("*\n");
    expect(modeOf(gitignore)).toBe(0o644);
    expect(modeOf(store.stateDir) & 0o022).toBe(0);
  });

  it("C-STATE-11: an existing .gitignore is never overwritten", async () => {
    const workspace = makeWorkspace();
    const root = path.join(workspace.cwd, ".elwood");
    mkdirSync(root, { mode: 0o755 });
    const gitignore = path.join(root, ".gitignore");
    writeFileSync(gitignore, "custom\n");
    const before = statSync(gitignore);
    const store = await openStore(workspace);
    await store.prepareSession("s");
    expect(readFileSync(gitignore, "utf8")).toBe("custom\n");
    expect(statSync(gitignore).mtimeMs).toBe(before.mtimeMs);
    expect(statSync(gitignore).ino).toBe(before.ino);
  });

  it("C-STATE-11: a .gitignore symlink is left alone and its target untouched", async () => {
    const workspace = makeWorkspace();
    const root = path.join(workspace.cwd, ".elwood");
    mkdirSync(root);
    const target = path.join(workspace.outside, "gitignore-target");
    writeFileSync(target, "theirs\n");
    symlinkSync(target, path.join(root, ".gitignore"));
    const before = snapshotTree(workspace.outside);
    await (await openStore(workspace)).prepareSession("s");
    expect(snapshotTree(workspace.outside)).toBe(before);
    expect(lstatSync(path.join(root, ".gitignore")).isSymbolicLink()).toBe(true);
  });

  it("C-STATE-11: a custom stateDir gets no .gitignore", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace, "custom-state");
    await store.prepareSession("s");
    expect(() => lstatSync(path.join(store.stateDir, ".gitignore"))).toThrow();
  });
});

describe("modes and layout", () => {
  it("C-STATE-03: session dirs are 0700 and state files 0600, at the documented paths", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace, "deep/nested/state");
    const record = claudeRecord(workspace.cwd, "s");
    const recordPath = await store.writeRecord(record);
    await store.writeLoops("s", []);
    const settings = await store.writeRuntimeFile("s", "claude-tool-env.sh", "{}");
    const sessionDir = path.join(store.stateDir, "sessions", "s");
    const privateDir = await store.privateDir("s");
    expect(recordPath).toBe(path.join(sessionDir, "record.json"));
    expect(settings).toBe(path.join(privateDir, "claude-tool-env.sh"));
    expect(path.dirname(privateDir)).toBe(workspace.privateRoot);
    expect(path.basename(privateDir)).toMatch(/^[0-9a-f]{32}$/);
    expect(readdirSync(sessionDir).sort()).toEqual(["loops.json", "record.json"]);
    expect(readdirSync(privateDir).sort()).toEqual([
      "claude-tool-env.sh",
      "loops.json",
      "record.json",
    ]);
    expect(modeOf(store.stateDir)).toBe(0o700);
    expect(modeOf(path.join(store.stateDir, "sessions"))).toBe(0o700);
    for (const dir of [sessionDir, privateDir, workspace.privateRoot])
      expect(modeOf(dir)).toBe(0o700);
    for (const dir of [sessionDir, privateDir])
      for (const file of readdirSync(dir)) expect(modeOf(path.join(dir, file))).toBe(0o600);
    expect(JSON.parse(readFileSync(recordPath, "utf8"))).toEqual(record);
    expect(readFileSync(settings, "utf8")).toBe("{}");
  });

  it("re-tightens a loosened session directory we own to 0700", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    const sessionDir = await store.prepareSession("s");
    const { chmodSync } = await import("node:fs");
    chmodSync(sessionDir, 0o755);
    await store.prepareSession("s");
    expect(modeOf(sessionDir)).toBe(0o700);
  });

  it("C-STATE-03: a rewrite replaces the record by rename (new inode, never in place)", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    const file = await store.writeRecord(claudeRecord(workspace.cwd, "s"));
    const firstInode = statSync(file).ino;
    await store.writeRecord({ ...claudeRecord(workspace.cwd, "s"), cwd: "/elsewhere" });
    expect(statSync(file).ino).not.toBe(firstInode);
    expect((await store.readRecord("s")).cwd).toBe("/elsewhere");
  });

  it("lists session directories only, sorted, and none when there is no state", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    expect(await store.listSessions()).toEqual([]);
    await store.prepareSession("b");
    await store.prepareSession("a");
    writeFileSync(path.join(store.stateDir, "sessions", "stray-file"), "");
    symlinkSync(makeTempDir(), path.join(store.stateDir, "sessions", "linked"));
    expect(await store.listSessions()).toEqual(["a", "b"]);
  });
});
