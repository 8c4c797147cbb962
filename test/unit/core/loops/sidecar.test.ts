// Loops against the real state store: the sidecar holds definitions only, and a
// tampered sidecar fails resume with state_corrupt before anything spawns
// (C-LOOP-11, C-LOOP-12, C-LOOP-21).
import { chmodSync, chownSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { resumeClaude } from "../../../../src/agents.js";
import { LoopService } from "../../../../src/core/loops/loop-service.js";
import {
  claudeRecord,
  expectElwoodError,
  FOREIGN_UID,
  IS_ROOT,
  makeWorkspace,
  openStore,
} from "../../state/support.js";
import { FakeClock, fakeSession, flush } from "./fake-loop-host.js";

const ID = "s-loops";

async function storeWithSession() {
  const workspace = makeWorkspace();
  const stateDir = path.join(workspace.tempDir, "state");
  const store = await openStore(workspace, stateDir);
  const recordPath = await store.writeRecord(claudeRecord(workspace.cwd, ID));
  return { workspace, stateDir, store, sidecar: path.join(path.dirname(recordPath), "loops.json") };
}

describe("loop sidecar", () => {
  test("C-LOOP-11: exactly id, mode, message, interval, jitter, creation and expiry; 0600; no transient state", async () => {
    const { store, sidecar } = await storeWithSession();
    const session = fakeSession(new FakeClock());
    session.isReady = true;
    session.writeLoops = (loops) => store.writeLoops(ID, loops);
    const service = new LoopService(session);
    const fixed = await service.create({
      mode: "fixed",
      intervalMs: 60_000,
      message: "fixed prompt",
    });
    const idle = await service.create({ mode: "idle", message: "idle prompt" });
    session.clock.advance(60_000 + fixed.jitterMs);
    await flush();
    expect(session.submitted).toHaveLength(1);
    expect(statSync(sidecar).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(sidecar, "utf8"));
    expect(stored).toEqual({
      schemaVersion: 1,
      loops: [
        {
          id: fixed.id,
          mode: "fixed",
          intervalMs: 60_000,
          message: "fixed prompt",
          jitterMs: fixed.jitterMs,
          createdAt: fixed.createdAt,
          expiresAt: fixed.expiresAt,
        },
        {
          id: idle.id,
          mode: "idle",
          message: "idle prompt",
          jitterMs: idle.jitterMs,
          createdAt: idle.createdAt,
          expiresAt: idle.expiresAt,
        },
      ],
    });
  });

  test("C-LOOP-12 C-LOOP-21: a restored service keeps ids and the stored jitter verbatim", async () => {
    const { store } = await storeWithSession();
    const clock = new FakeClock();
    const definition = {
      id: "loop-restored",
      mode: "idle" as const,
      message: "m",
      jitterMs: 7, // not what jitterFor would derive: the stored value is authoritative
      createdAt: clock.now(),
      expiresAt: clock.now() + 604_800_000,
    };
    await store.writeLoops(ID, [definition]);
    const service = new LoopService(fakeSession(clock), await store.readLoops(ID));
    expect(await service.list()).toEqual([{ ...definition, state: "waiting" }]);
  });

  test("C-LOOP-21: no sidecar means no loops", async () => {
    const { store, sidecar } = await storeWithSession();
    expect(existsSync(sidecar)).toBe(false);
    expect(await store.readLoops(ID)).toEqual([]);
  });

  const tamperings: [string, (file: string) => void, boolean][] = [
    ["bad JSON", (file) => writeFileSync(file, "{not json", { mode: 0o600 }), true],
    ["group-writable mode", (file) => chmodSync(file, 0o620), true],
    ["world-readable mode", (file) => chmodSync(file, 0o604), true],
    [
      "a transient field",
      (file) => {
        const data = JSON.parse(readFileSync(file, "utf8"));
        data.loops[0].nextDueAt = 1;
        writeFileSync(file, JSON.stringify(data), { mode: 0o600 });
      },
      true,
    ],
    ["a foreign owner", (file) => chownSync(file, FOREIGN_UID, FOREIGN_UID), IS_ROOT],
  ];

  for (const [label, tamper, runnable] of tamperings) {
    test.runIf(runnable)(
      `C-LOOP-21: ${label} fails resume with state_corrupt before anything spawns`,
      async () => {
        const { workspace, stateDir, store, sidecar } = await storeWithSession();
        await store.writeLoops(ID, [
          { id: "l", mode: "idle", message: "m", jitterMs: 1, createdAt: 1, expiresAt: 9e12 },
        ]);
        tamper(sidecar);
        const marker = path.join(workspace.tempDir, "spawned");
        const executable = path.join(workspace.tempDir, "fake-claude.sh");
        writeFileSync(executable, `#!/bin/sh\ntouch '${marker}'\necho 2.1.332\n`, { mode: 0o700 });
        const resumed = resumeClaude({
          elwoodSessionId: ID,
          cwd: workspace.cwd,
          stateDir,
          executable,
        });
        await expectElwoodError(resumed, "state_corrupt");
        expect(existsSync(marker)).toBe(false);
      },
    );
  }
});
