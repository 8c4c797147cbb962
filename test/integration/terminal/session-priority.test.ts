// A CLI's PTY session yields the CPU to the driver (C-PTY-09, prd/decisions.md "The
// driver keeps its share"): its autogroup gets nice 10 once it is a session of its own,
// this process's group is never touched, and a session its children start (the agent's
// tools) is a fresh group at nice 0. Linux with autogroups only.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import {
  autogroupOf,
  CLI_SESSION_NICE,
  lowerSessionPriority,
} from "../../../src/terminal/session-priority.js";
import { PtyHarness, waitForScreen } from "./pty-harness.js";

const harness = new PtyHarness();
afterEach(() => harness.cleanup());

const hasAutogroups = existsSync("/proc/self/autogroup");
const autogroupLine = (pid: string) => readFileSync(`/proc/${pid}/autogroup`, "utf8").trim();
function restoreNice(line: string): void {
  try {
    writeFileSync("/proc/self/autogroup", line.split(" nice ")[1] ?? "0");
  } catch {
    // Not allowed here: the failed expectation above already says what happened.
  }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!hasAutogroups)("C-PTY-09: the CLI's session yields the CPU to the driver", () => {
  it("C-PTY-09: lowers the PTY session's autogroup to nice 10 and leaves ours alone", async () => {
    const ours = autogroupLine("self");
    const { pid: ptyPid } = harness.start({ file: "/bin/sleep", args: ["30"] });
    lowerSessionPriority(ptyPid);
    const deadline = Date.now() + 2_000;
    while (!autogroupLine(String(ptyPid)).endsWith(`nice ${CLI_SESSION_NICE}`)) {
      if (Date.now() > deadline) break;
      await sleep(10);
    }
    expect(CLI_SESSION_NICE).toBe(10);
    expect(autogroupLine(String(ptyPid))).toMatch(/^\/autogroup-\d+ nice 10$/);
    expect(autogroupOf(String(ptyPid))).not.toBe(autogroupOf("self"));
    expect(autogroupLine("self")).toBe(ours);
  });

  it("C-PTY-09: a child still in our session is never lowered, so our own group keeps its nice", async () => {
    const ours = autogroupLine("self");
    const child = spawn("/bin/sleep", ["30"], { stdio: "ignore" });
    try {
      const pid = child.pid ?? -1;
      lowerSessionPriority(pid);
      await sleep(1_300); // past the wait for a setsid that never comes
      expect(autogroupOf(String(pid))).toBe(autogroupOf("self"));
      expect(autogroupLine("self")).toBe(ours);
    } finally {
      child.kill("SIGKILL");
      // A broken guard lowered this runner's own group (and every test after it with it):
      // put it back where the system allows (raising priority needs privilege).
      if (autogroupLine("self") !== ours) restoreNice(ours);
    }
  });

  it("C-PTY-09: a session the lowered CLI starts (an agent's tool) is a fresh group at nice 0", async () => {
    const { pid: ptyPid, terminal } = harness.start({
      file: "/bin/bash",
      args: ["-c", "sleep 0.5; setsid sh -c 'echo TOOL $(cat /proc/self/autogroup)'; sleep 30"],
    });
    lowerSessionPriority(ptyPid);
    const screen = await waitForScreen(terminal, "TOOL ");
    expect(screen).toMatch(/TOOL \/autogroup-\d+ nice 0/);
    expect(autogroupLine(String(ptyPid))).toMatch(/nice 10$/);
  });
});
