// Ownership and permission checks (§8.1, §8.2, C-LOOP-21, C-ERR-04): foreign
// owners, group/world bits, non-regular files and malformed content are all
// state_corrupt; an absent sidecar means no loops.

import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  claudeRecord,
  expectElwoodError,
  FOREIGN_UID,
  IS_ROOT,
  makeWorkspace,
  NOT_ROOT_REASON,
  openStore,
  snapshotTree,
} from "./support.js";

const LOOP = {
  id: "l",
  mode: "fixed",
  message: "SECRET PROMPT",
  intervalMs: 60_000,
  jitterMs: 10,
  createdAt: 1,
  expiresAt: 2,
} as const;

async function sessionWithState() {
  const workspace = makeWorkspace();
  const store = await openStore(workspace);
  const recordPath = await store.writeRecord(claudeRecord(workspace.cwd, "s"));
  await store.writeLoops("s", [LOOP]);
  const sessionDir = path.dirname(recordPath);
  return {
    workspace,
    store,
    sessionDir,
    recordPath,
    loopsPath: path.join(sessionDir, "loops.json"),
  };
}

describe("loop sidecar on disk", () => {
  it("C-LOOP-21: no sidecar means no loops; write, read and remove round-trip", async () => {
    const { store, loopsPath } = await sessionWithState();
    expect(await store.readLoops("s")).toEqual([LOOP]);
    await store.removeLoops("s");
    expect(await store.readLoops("s")).toEqual([]);
    await store.removeLoops("s");
    expect(await store.readLoops("never-created")).toEqual([]);
    expect(await store.readRecord("s")).toBeDefined();
    expect(() => execFileSync("test", ["-e", loopsPath])).toThrow();
  });

  it("C-LOOP-21: group/world permission bits on the sidecar are state_corrupt", async () => {
    const { store, loopsPath } = await sessionWithState();
    for (const mode of [0o620, 0o602, 0o640, 0o604, 0o660, 0o666]) {
      chmodSync(loopsPath, mode);
      await expectElwoodError(store.readLoops("s"), "state_corrupt");
    }
    chmodSync(loopsPath, 0o600);
    expect(await store.readLoops("s")).toEqual([LOOP]);
  });

  it("C-LOOP-21: a sidecar owned by another user is state_corrupt", async (context) => {
    if (!IS_ROOT) context.skip(NOT_ROOT_REASON);
    const { store, loopsPath } = await sessionWithState();
    chownSync(loopsPath, FOREIGN_UID, FOREIGN_UID);
    await expectElwoodError(store.readLoops("s"), "state_corrupt");
    await expectElwoodError(store.writeLoops("s", []), "state_corrupt");
  });

  it("C-LOOP-16: malformed sidecars are state_corrupt without echoing the stored prompt", async () => {
    const { store, loopsPath } = await sessionWithState();
    for (const text of [
      "{",
      JSON.stringify({ schemaVersion: 1, loops: [{ ...LOOP, state: "due" }] }),
      JSON.stringify({ schemaVersion: 1, loops: [{ ...LOOP, intervalMs: 5 }] }),
    ]) {
      writeFileSync(loopsPath, text, { mode: 0o600 });
      const error = await expectElwoodError(store.readLoops("s"), "state_corrupt");
      expect(error.message).not.toContain("SECRET");
      expect(JSON.stringify(error.details)).not.toContain("SECRET");
    }
  });

  it("refuses to persist invalid loops (invalid_loop) and leaves the sidecar as it was", async () => {
    const { store } = await sessionWithState();
    const error = await expectElwoodError(
      store.writeLoops("s", [{ ...LOOP, intervalMs: 1 }]),
      "invalid_loop",
    );
    expect(error.message).not.toContain("SECRET");
    expect(await store.readLoops("s")).toEqual([LOOP]);
  });
});

describe("session record on disk", () => {
  it("C-ERR-03: a missing record is state_not_found", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    await expectElwoodError(store.readRecord("s"), "state_not_found");
    await store.prepareSession("s");
    await expectElwoodError(store.readRecord("s"), "state_not_found");
  });

  it("C-ERR-04: bad JSON, bad schema, unknown keys, bad UTF-8 or a foreign id are state_corrupt", async () => {
    const { workspace, store, recordPath } = await sessionWithState();
    const valid = claudeRecord(workspace.cwd, "s");
    const bad = [
      Buffer.from("{ not json"),
      Buffer.from(JSON.stringify({ ...valid, schemaVersion: 2 })),
      Buffer.from(JSON.stringify({ ...valid, status: "running" })),
      Buffer.from(JSON.stringify({ ...valid, elwoodSessionId: "other" })),
      Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
    ];
    for (const bytes of bad) {
      writeFileSync(recordPath, bytes, { mode: 0o600 });
      await expectElwoodError(store.readRecord("s"), "state_corrupt");
    }
  });

  it("a record with group/world bits, a directory or a FIFO at its path is state_corrupt", async () => {
    const { store, recordPath, sessionDir } = await sessionWithState();
    chmodSync(recordPath, 0o644);
    await expectElwoodError(store.readRecord("s"), "state_corrupt");
    const { rmSync } = await import("node:fs");
    rmSync(recordPath);
    mkdirSync(recordPath);
    await expectElwoodError(store.readRecord("s"), "state_corrupt");
    await expectElwoodError(store.writeRecord(claudeRecord(sessionDir, "s")), "state_corrupt");
    rmSync(recordPath, { recursive: true });
    execFileSync("mkfifo", ["-m", "600", recordPath]);
    await expectElwoodError(store.readRecord("s"), "state_corrupt");
  });

  it("refuses to write an invalid record (invalid_options) and writes nothing", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    // Agent ids name files and sockets: a path-like one is refused before anything is written.
    const bad = { ...claudeRecord(workspace.cwd, "s"), adapter: "../claude" };
    await expectElwoodError(store.writeRecord(bad), "invalid_options");
    expect(await store.listSessions()).toEqual([]);
  });
});

describe("foreign owners", () => {
  const cases = [
    ["state root", (store: { stateDir: string }) => store.stateDir],
    ["sessions dir", (store: { stateDir: string }) => path.join(store.stateDir, "sessions")],
    ["session dir", (store: { stateDir: string }) => path.join(store.stateDir, "sessions", "s")],
  ] as const;

  for (const [label, pick] of cases)
    it(`C-STATE-01: a ${label} owned by another user is state_corrupt and left unchanged`, async (context) => {
      if (!IS_ROOT) context.skip(NOT_ROOT_REASON);
      const { workspace, store } = await sessionWithState();
      const foreign = pick(store);
      chownSync(foreign, FOREIGN_UID, FOREIGN_UID);
      const before = snapshotTree(store.stateDir);
      await expectElwoodError(store.writeRecord(claudeRecord(workspace.cwd, "s")), "state_corrupt");
      await expectElwoodError(store.readRecord("s"), "state_corrupt");
      await expectElwoodError(store.writeLoops("s", []), "state_corrupt");
      await expectElwoodError(store.removeSession("claude", "s"), "state_corrupt");
      expect(snapshotTree(store.stateDir)).toBe(before);
    });

  it("C-STATE-01: a record owned by another user is state_corrupt", async (context) => {
    if (!IS_ROOT) context.skip(NOT_ROOT_REASON);
    const { store, recordPath } = await sessionWithState();
    chownSync(recordPath, FOREIGN_UID, FOREIGN_UID);
    await expectElwoodError(store.readRecord("s"), "state_corrupt");
  });
});
