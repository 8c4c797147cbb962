// Shared set-up of the hook benches that run real CLIs: one scripted model server, one
// agent home and one workspace per run; a turn of sequential shell tool calls; the gaps
// between the turn's model requests (one gap = one tool step as the CLI runs it).

import { execFileSync } from "node:child_process";
import { appendFile, mkdtemp, realpath, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { type AgentHome, createAgentHome, type ScenarioStep } from "../../../src/testing/index.js";
import { cliBinaryDir } from "../../../test/support/cli-binaries.js";
import { BENCH_AGENT_PROFILES, type BenchAgent } from "./agent-profiles.js";
import { type BenchModel, startModelThread } from "./model-thread.js";

export type { BenchAgent } from "./agent-profiles.js";

export const TURN_TIMEOUT_MS = 120_000;

export interface RunSetup {
  readonly agent: BenchAgent;
  /** The scripted model, on a thread of its own as a real model is elsewhere. */
  readonly model: BenchModel;
  readonly home: AgentHome;
  readonly workspace: string;
  readonly stateDir: string;
  cleanup(): Promise<void>;
}

export async function setUp(agent: BenchAgent): Promise<RunSetup> {
  const model = await startModelThread();
  const workspace = await realpath(await mkdtemp(join(tmpdir(), "elwood-bench-ws-")));
  execFileSync("git", ["init", "-q"], { cwd: workspace });
  const stateParent = await realpath(await mkdtemp(join(tmpdir(), "elwood-bench-state-")));
  const home = await createAgentHome({
    server: model,
    trustedDirs: [workspace],
    cliPaths: [cliBinaryDir(agent)],
  });
  if (agent === "codex") {
    // The bare CLI has nobody to answer Codex's folder-trust dialog, which 0.171.0 shows
    // despite a `-c projects...trust_level` override; trust saved in config.toml it honours.
    // Without this the bare turn stalled whenever it ran before the Elwood one (run 2).
    await appendFile(
      join(home.env.CODEX_HOME ?? join(home.home, ".codex"), "config.toml"),
      `\n[projects.${JSON.stringify(workspace)}]\ntrust_level = "trusted"\n`,
    );
  }
  return {
    agent,
    model,
    home,
    workspace,
    stateDir: join(stateParent, "state"),
    async cleanup() {
      await model.close();
      await home.cleanup();
      await rm(workspace, { recursive: true, force: true });
      await rm(stateParent, { recursive: true, force: true });
    },
  };
}

export interface ScriptedBenchTurn {
  readonly prompt: string;
  /** The scripted turn's index in the model server. */
  readonly turn: number;
  /** The answer's text, after the last tool step. */
  readonly finalText: string;
}

/** A turn of `steps` sequential shell calls, then an answer. */
export function scriptTurn(setup: RunSetup, label: string, steps: number): ScriptedBenchTurn {
  const prompt = `run the ${label} steps`;
  const tool = BENCH_AGENT_PROFILES[setup.agent].shellTool;
  const script: ScenarioStep[] = [];
  // A short text between calls keeps them sequential: consecutive tool steps would be
  // rendered as parallel calls in one reply.
  for (let index = 0; index < steps; index += 1) {
    if (index > 0) script.push({ say: `step ${index} next` });
    script.push(tool(`echo ${label}-${index}`));
  }
  const finalText = `${label} done`;
  script.push({ say: finalText });
  return { prompt, turn: setup.model.turn({ match: prompt, steps: script }), finalText };
}

/** Resolves when the request carrying the last tool's result arrives. */
export async function waitForLastStep(setup: RunSetup, turn: number, steps: number): Promise<void> {
  await setup.model.waitForRequests(turn, steps, TURN_TIMEOUT_MS);
}

/** The gaps between the first `steps` + 1 model requests of the turn, in milliseconds. */
export async function stepGaps(setup: RunSetup, turn: number, steps: number): Promise<number[]> {
  const times = (await setup.model.arrivals(turn)).slice(0, steps + 1);
  return times.slice(1).map((at, index) => at - (times[index] ?? at));
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export const ms = (value: number): string => `${value.toFixed(1)} ms`;

export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
}
