// Where a tool step's time goes through Elwood (`npm run bench -- hooks --mode timeline`):
// one ClaudeSession / CodexSession turn of sequential shell steps; for every step, the
// offset from the model request that asked for the tool to each hook's arrival at the
// parent and to the next model request. Medians per hook name over the turn's steps.

import { ClaudeSession, CodexSession } from "../../../src/agents.js";
import {
  type BenchAgent,
  loadAverage,
  median,
  type RunSetup,
  scriptTurn,
  setUp,
  TURN_TIMEOUT_MS,
  waitForLastStep,
} from "./setup.js";

interface Arrival {
  readonly name: string;
  readonly at: number;
}

export async function measureTimeline(agent: BenchAgent, steps: number): Promise<void> {
  const setup = await setUp(agent);
  try {
    const { arrivals, turn } = await timedTurn(setup, steps);
    const requests = await setup.model.arrivals(turn);
    const offsets = new Map<string, number[]>();
    const counts = new Map<string, number>();
    for (let step = 0; step + 1 < requests.length; step += 1) {
      const start = requests[step] as number;
      const end = requests[step + 1] as number;
      add(offsets, "next model request", end - start);
      const seenInStep = new Map<string, number>();
      for (const arrival of arrivals) {
        if (arrival.at < start || arrival.at >= end) continue;
        const nth = (seenInStep.get(arrival.name) ?? 0) + 1;
        seenInStep.set(arrival.name, nth);
        const key = nth === 1 ? arrival.name : `${arrival.name} #${nth}`;
        add(offsets, key, arrival.at - start);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    console.log(
      `${agent} timeline, ${steps} steps (load ${loadAverage()}): median ms after the step's model request`,
    );
    const rows = [...offsets.entries()].map(([name, values]) => ({ name, at: median(values) }));
    for (const row of rows.sort((a, b) => a.at - b.at)) {
      const count = counts.get(row.name);
      console.log(
        `  ${row.at.toFixed(1).padStart(7)}  ${row.name}${count === undefined ? "" : ` (${count}x)`}`,
      );
    }
  } finally {
    await setup.cleanup();
  }
}

function add(map: Map<string, number[]>, key: string, value: number): void {
  const values = map.get(key) ?? [];
  values.push(value);
  map.set(key, values);
}

async function timedTurn(
  setup: RunSetup,
  steps: number,
): Promise<{ arrivals: Arrival[]; turn: number }> {
  const { prompt, turn } = scriptTurn(setup, "timeline", steps);
  const arrivals: Arrival[] = [];
  const note = (event: { readonly hook_event_name: string }): void => {
    arrivals.push({ name: event.hook_event_name, at: Date.now() });
  };
  const common = { cwd: setup.workspace, env: setup.home.env, stateDir: setup.stateDir };
  let session: ClaudeSession | CodexSession;
  if (setup.agent === "claude") {
    const claude = new ClaudeSession({
      ...common,
      permissionMode: "default",
      allowedTools: ["Bash"],
      hooks: { PreToolUse: () => undefined },
    });
    claude.on("hook", note);
    session = claude;
  } else {
    const codex = new CodexSession({
      ...common,
      autotrust: true,
      hooks: { PreToolUse: () => undefined },
    });
    codex.on("hook", note);
    session = codex;
  }
  try {
    const answer = session.send(prompt, { timeoutMs: TURN_TIMEOUT_MS });
    answer.catch(() => undefined);
    await waitForLastStep(setup, turn, steps);
    await answer.catch(() => undefined);
    return { arrivals, turn };
  } finally {
    await session.close();
  }
}
