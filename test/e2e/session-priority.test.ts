// The real CLIs' terminal sessions yield the CPU to the driver (C-PTY-09): the session
// the launcher spawns in the PTY runs in an autogroup at nice 10, the driver's own group
// keeps its nice. Linux with autogroups only (prd/decisions.md "The driver keeps its share").
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { ClaudeSession, CodexSession } from "../../src/agents.js";
import { listProcesses, processesInHome, sessionAndGroupOf } from "../support/process-table.js";
import { sessionOnFixture, useRealCliFixture } from "../support/real-cli-fixture.js";

// Without autogroups (disabled, or a kernel without them) there is nothing to lower: the
// file is absent for every process, and the session must run all the same.
const hasAutogroups = existsSync("/proc/self/autogroup");
const autogroupLine = (pid: number | "self") =>
  hasAutogroups ? readFileSync(`/proc/${pid}/autogroup`, "utf8").trim() : "none";
const LOWERED = hasAutogroups ? / nice 10$/ : /^none$/;

/** The CLI's PTY session: a session leader with this HOME whose parent is this process. */
function ptySessions(home: string): number[] {
  const parentOf = new Map(listProcesses().map((entry) => [entry.pid, entry.ppid]));
  return processesInHome(home).filter((pid) => {
    try {
      return sessionAndGroupOf(pid).sid === pid && parentOf.get(pid) === process.pid;
    } catch {
      return false;
    }
  });
}

const newFixture = useRealCliFixture();

describe.runIf(process.platform === "linux")(
  "C-PTY-09: the CLI's session yields the CPU to the driver",
  () => {
    test.each([
      ["claude", ClaudeSession],
      ["codex", CodexSession],
    ] as const)(
      "C-PTY-09: %s: the CLI's PTY session runs at autogroup nice 10; ours is unchanged",
      async (cli, SessionClass) => {
        const ours = autogroupLine("self");
        const fx = await newFixture({ cli });
        const session = sessionOnFixture(fx, SessionClass, { autotrust: true });
        await session.start();
        await session.waitForStatus((status) => status === "ready", 90_000);
        const leaders = ptySessions(fx.home.home);
        expect(leaders).toHaveLength(1);
        expect(autogroupLine(leaders[0] ?? 0)).toMatch(LOWERED);
        expect(autogroupLine("self")).toBe(ours);
        await session.stop();
      },
    );
  },
);
