// Crash leftovers (§8.2, C-STATE-03): a temp file from a killed writer is never
// read as state and is swept by the next write; live writers' temps are kept.

import { spawnSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { claudeRecord, makeWorkspace, openStore } from "./support.js";

/** The pid of a process that has already exited. */
function deadPid(): number {
  const result = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(result.stdout.toString());
}

describe("atomic writes", () => {
  it("C-STATE-03: a crashed writer's temp file is never read and is swept on the next write", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    const sessionDir = await store.prepareSession("s");
    const stale = `.record.json.${deadPid()}-0123456789ab.tmp`;
    writeFileSync(path.join(sessionDir, stale), '{"schemaVersion":1,"elwoo', { mode: 0o600 });
    const { expectElwoodError } = await import("./support.js");
    await expectElwoodError(store.readRecord("s"), "state_not_found");
    await store.writeRecord(claudeRecord(workspace.cwd, "s"));
    expect(readdirSync(sessionDir)).toEqual(["record.json"]);
    expect(await store.readRecord("s")).toEqual(claudeRecord(workspace.cwd, "s"));
  });

  it("keeps temp files that belong to a live writer and files that are not temps", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    const sessionDir = await store.prepareSession("s");
    const live = `.loops.json.${process.ppid}-0123456789ab.tmp`;
    const other = "notes.tmp";
    writeFileSync(path.join(sessionDir, live), "x", { mode: 0o600 });
    writeFileSync(path.join(sessionDir, other), "x", { mode: 0o600 });
    await store.writeRecord(claudeRecord(workspace.cwd, "s"));
    expect(readdirSync(sessionDir).sort()).toEqual([live, "notes.tmp", "record.json"].sort());
  });

  it("concurrent writes of one record leave exactly one complete record", async () => {
    const workspace = makeWorkspace();
    const store = await openStore(workspace);
    const records = Array.from({ length: 20 }, (_, index) => ({
      ...claudeRecord(workspace.cwd, "s"),
      cwd: `/w/${index}`,
    }));
    await Promise.all(records.map((record) => store.writeRecord(record)));
    expect(records).toContainEqual(await store.readRecord("s"));
    expect(readdirSync(store.sessionDir("s"))).toEqual(["record.json"]);
  });
});
