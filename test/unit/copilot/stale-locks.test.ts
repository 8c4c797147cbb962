// Copilot's in-use locks after a crash (prd/copilot.md "Resume after a crash"): a lock whose
// owner exited, or is a zombie nobody reaped yet, is removed before Copilot reopens the
// conversation; a lock of a running process stays, and Copilot's "Session in use" dialog
// then blocks as a known dialog that Elwood never answers.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { copilotAdapter } from "../../../src/copilot/adapter.js";
import { removeExitedOwnersLocks } from "../../../src/copilot/launch/stale-locks.js";
import { isProcessRunning } from "../../../src/shell/process-alive.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function sessionDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "elwood-copilot-locks-"));
  dirs.push(dir);
  return dir;
}

/** A pid that has exited: a child run to completion and reaped. */
function exitedPid(): number {
  const run = spawnSync("sh", ["-c", "echo $$"], { encoding: "utf8" });
  return Number(run.stdout.trim());
}

/**
 * A zombie: `sh` starts a short `sleep` and then execs a long one, which never waits, so the
 * short one stays unreaped until the long one ends (we end it by pid).
 */
async function withZombie(use: (pid: number) => Promise<void>): Promise<void> {
  const parent = spawn("sh", ["-c", "sleep 0.05 & echo $!; exec sleep 30"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  try {
    const pid = await new Promise<number>((resolve) =>
      parent.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    );
    const deadline = Date.now() + 5_000;
    while (isProcessRunning(pid) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await use(pid);
  } finally {
    parent.kill("SIGKILL");
  }
}

describe("C-COPILOT-05 stale in-use locks", () => {
  it("a running process is running, an exited one and a zombie are not", async () => {
    expect(isProcessRunning(process.pid)).toBe(true);
    expect(isProcessRunning(exitedPid())).toBe(false);
    expect(isProcessRunning(0)).toBe(false);
    expect(isProcessRunning(-1)).toBe(false);
    await withZombie(async (pid) => {
      // kill(pid, 0) still succeeds on the zombie: the case Copilot gets wrong.
      expect(() => process.kill(pid, 0)).not.toThrow();
      expect(isProcessRunning(pid)).toBe(process.platform !== "linux");
    });
  });

  it.runIf(process.platform === "linux")(
    "removes the lock and hold files of an exited and of a zombie owner, keeps a live owner's",
    async () => {
      const dir = sessionDir();
      const dead = exitedPid();
      await withZombie(async (zombie) => {
        for (const pid of [dead, zombie, process.pid]) {
          writeFileSync(join(dir, `inuse.${pid}.lock`), String(pid));
          writeFileSync(join(dir, `inuse.${pid}.hold`), "");
        }
        writeFileSync(join(dir, "events.jsonl"), "{}\n");
        const removed = await removeExitedOwnersLocks(dir, { exitGraceMs: 300 });
        expect(removed.sort()).toEqual(
          [
            `inuse.${dead}.hold`,
            `inuse.${dead}.lock`,
            `inuse.${zombie}.hold`,
            `inuse.${zombie}.lock`,
          ].sort(),
        );
        expect(existsSync(join(dir, `inuse.${process.pid}.lock`))).toBe(true);
        expect(existsSync(join(dir, `inuse.${process.pid}.hold`))).toBe(true);
        expect(existsSync(join(dir, "events.jsonl"))).toBe(true);
      });
    },
  );

  it.runIf(process.platform === "linux")(
    "an owner still exiting when the resume starts is waited for, then its lock goes",
    async () => {
      const dir = sessionDir();
      const exiting = spawn("sleep", ["0.6"], { stdio: "ignore" });
      const pid = exiting.pid as number;
      writeFileSync(join(dir, `inuse.${pid}.lock`), String(pid));
      expect(isProcessRunning(pid)).toBe(true);
      const removed = await removeExitedOwnersLocks(dir);
      expect(removed).toEqual([`inuse.${pid}.lock`]);
      expect(isProcessRunning(pid)).toBe(false);
    },
  );

  it("leaves a symlink or a folder under a lock's name, and a missing folder is no error", async () => {
    const dir = sessionDir();
    const target = join(dir, "target.txt");
    writeFileSync(target, "keep");
    const dead = exitedPid();
    symlinkSync(target, join(dir, `inuse.${dead}.lock`));
    mkdirSync(join(dir, `inuse.${dead}.hold`));
    expect(await removeExitedOwnersLocks(dir)).toEqual([]);
    expect(existsSync(join(dir, `inuse.${dead}.lock`))).toBe(true);
    expect(await removeExitedOwnersLocks(join(dir, "absent"))).toEqual([]);
  });

  it("Copilot 1.0.102's Session in use dialog is a blocking dialog, never answered", () => {
    const lines = [
      " ● IDE auto-connect skipped: session is already in use by another client",
      "",
      "╭──────────────────────────────────────────────────────────────────────────────╮",
      "│ Session in use                                                               │",
      "│ ──────────────────────────────────────────────────────────────────────────── │",
      "│ This session was last active just now and appears to be in use by another CLI or application. Resuming it here may cause conflicts. │",
      "│                                                                              │",
      "│ ❯ 1. Resume anyway                                                           │",
      "│   2. Go back (Esc)                                                           │",
      "│                                                                              │",
      "│ ↑/↓ to navigate · enter to select · esc to cancel                            │",
      "╰──────────────────────────────────────────────────────────────────────────────╯",
    ];
    const reading = copilotAdapter.readScreen({
      lines,
      cursor: { x: 0, y: 0, isVisible: false },
      title: "",
    });
    expect(reading.dialog?.kind).toBe("human_decision");
    expect(reading.dialog?.ruleIds).toContain("copilot-session-in-use");
    expect(reading.dialog?.answerKeys).toBeUndefined();
    expect(reading.dialog?.text).toContain("Resume anyway");
  });
});
