// killTaggedProcesses (C-LIFE-10): finds processes by the launch tag in their
// environment, even in another process group and re-parented away from us, and leaves
// every other process alone. Linux only (/proc).
import { type ChildProcess, spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import {
  killTaggedProcesses,
  LAUNCH_TAG_ENV,
  newLaunchTag,
} from "../../../src/shell/tagged-processes.js";
import { isProcessAlive, waitFor } from "../../support/process-table.js";

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill("SIGKILL");
});

function sleeper(env: Record<string, string>): number {
  // Detached: its own process group and session, like a CLI's tool command.
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], {
    detached: true,
    stdio: "ignore",
    env: { PATH: process.env.PATH ?? "", ...env },
  });
  started.push(child);
  return child.pid as number;
}

describe.runIf(process.platform === "linux")("killTaggedProcesses", () => {
  it("C-LIFE-10: kills processes carrying the tag, in any process group, and nothing else", async () => {
    const tag = newLaunchTag();
    const tagged = [
      sleeper({ [LAUNCH_TAG_ENV]: tag }),
      // The tag's text inside an earlier variable's value must not hide the real one.
      sleeper({ A_NOTE: `${LAUNCH_TAG_ENV}=${tag}`, [LAUNCH_TAG_ENV]: tag }),
    ];
    const otherTag = sleeper({ [LAUNCH_TAG_ENV]: newLaunchTag() });
    const prefixOnly = sleeper({
      [`${LAUNCH_TAG_ENV}_COPY`]: tag,
      NOTE: `${LAUNCH_TAG_ENV}=${tag}x`,
    });
    const untagged = sleeper({});
    await waitFor(() => [...tagged, otherTag, prefixOnly, untagged].every(isProcessAlive), {
      timeoutMs: 5_000,
    });
    expect(killTaggedProcesses(tag)).toBe(2);
    expect(await waitFor(() => !tagged.some(isProcessAlive), { timeoutMs: 5_000 })).toBe(true);
    expect([otherTag, prefixOnly, untagged].every(isProcessAlive)).toBe(true);
  });

  it("refuses a malformed tag instead of matching broadly", () => {
    expect(killTaggedProcesses("")).toBe(0);
    expect(killTaggedProcesses("abc")).toBe(0);
  });
});
