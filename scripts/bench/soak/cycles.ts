// 100 start/close cycles in one process (issue 16 Done-when 2): Claude and Codex
// alternate in one project, as an app opening and closing sessions over a day would;
// each starts, answers one turn and closes. Figures after the first cycle (one-time
// module and cache set-up done), at the middle and at the end.

import { ClaudeSession, CodexSession } from "../../../src/agents.js";
import type { AgentHomeServer } from "../../../src/testing/index.js";
import { printFigures, processFigures } from "./figures.js";
import { CYCLE_ANSWER, cyclePrompt } from "./scenario.js";
import { createSurroundings, describeFailure } from "./session-setup.js";

const TURN_TIMEOUT_MS = 90_000;
const SHOWN_FAILURES = 5;

export async function runCycles(
  cycles: number,
  server: AgentHomeServer,
  ignored: ReadonlySet<number>,
): Promise<number> {
  if (cycles === 0) return 0;
  const surroundings = await createSurroundings(server);
  printFigures("cycles: before", processFigures(ignored));
  let failures = 0;
  const started = performance.now();
  try {
    for (let cycle = 1; cycle <= cycles; cycle += 1) {
      const { options } = surroundings;
      const session =
        cycle % 2 === 1
          ? new ClaudeSession({ ...options, permissionMode: "default" })
          : new CodexSession(options);
      try {
        const reply = await session.send(cyclePrompt(cycle), { timeoutMs: TURN_TIMEOUT_MS });
        if (!reply.includes(CYCLE_ANSWER)) {
          failures += 1;
          if (failures <= SHOWN_FAILURES)
            console.log(`  ✗ cycle ${cycle}: ${describeFailure(session, { reply })}`);
        }
      } catch (error) {
        failures += 1;
        if (failures <= SHOWN_FAILURES)
          console.log(`  ✗ cycle ${cycle}: ${describeFailure(session, { error })}`);
      } finally {
        await session.close().catch(() => session.kill().catch(() => undefined));
      }
      if (cycle === 1) printFigures("cycle 1 (start)", processFigures(ignored));
      if (cycle === Math.floor(cycles / 2))
        printFigures(`cycle ${cycle} (middle)`, processFigures(ignored));
    }
  } finally {
    await surroundings.cleanup();
  }
  // Let exited children be reaped and closed sockets drain before the last count.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  printFigures(`cycle ${cycles} (end)`, processFigures(ignored));
  const seconds = (performance.now() - started) / 1000;
  console.log(`cycles: ${cycles} run, ${failures} failed, ${seconds.toFixed(0)} s`);
  return failures;
}
