// The real CLIs' terminal sessions yield the CPU to the driver (C-PTY-09): the session
// the launcher spawns in the PTY runs in an autogroup at nice 10, the driver's own group
// keeps its nice. Linux with autogroups only (prd/decisions.md "The driver keeps its share").
// Every agent of the one table (support/agent-table.ts).
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { AGENT_ROWS } from "../support/agent-table.js";
import { ensureGone } from "../support/claude-e2e.js";
import { listProcesses, processesInHome, sessionAndGroupOf } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

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
    test.each(AGENT_ROWS.map((row) => [row.agent, row] as const))(
      "C-PTY-09: %s: the CLI's PTY session runs at autogroup nice 10; ours is unchanged",
      async (_agent, row) => {
        const ours = autogroupLine("self");
        const fx = await newFixture(row.fixture);
        const session = await row.start({
          cwd: fx.workspace,
          env: fx.home.env,
          stateDir: fx.stateDir,
        });
        fx.defer(() => ensureGone(session));
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
