// Hook overhead per tool step on the user's path (design/TARGETS.md "hook overhead per
// tool step"): a real session (every registered agent) whose before-tool handler returns
// nothing runs one turn of sequential shell tool calls against the scripted model; the
// bare CLI in a PTY (no Elwood, no hooks) runs the same turn on the same model server
// and agent home in the same run. A tool step is the gap between consecutive model
// requests of the turn (timestamps taken by the scripted server); the figure is the
// median gap through Elwood minus the bare median, and their ratio.

import { BENCH_AGENT_PROFILES } from "./agent-profiles.js";
import { type BenchAgent, loadAverage, median, ms, setUp } from "./setup.js";
import { hasAttributionVariants, measureTurn, type TurnVariant } from "./turns.js";

export interface UserPathOptions {
  readonly agents: readonly BenchAgent[];
  readonly steps: number;
  readonly runs: number;
  /** Variants to run besides elwood and bare; default: Claude's no-op hooks floor. */
  readonly extraVariants: readonly TurnVariant[] | undefined;
}

type RunFigures = Partial<Record<TurnVariant, number>>;

function variantsFor(agent: BenchAgent, options: UserPathOptions): TurnVariant[] {
  // The agents after Claude and Codex are measured as a session against the bare CLI.
  if (!hasAttributionVariants(agent)) return ["elwood", "bare"];
  const extra = options.extraVariants ?? (agent === "claude" ? ["noop"] : []);
  // The no-op command hooks are a Claude settings construct. The floor's plain server
  // answers Claude's HTTP hooks; Codex's command hooks run Elwood's client, which fails
  // closed on a server that does not speak the bridge (its turn never reached the model).
  const usable = extra.filter(
    (variant) =>
      agent === "claude" ||
      ["hooks", "elwood160", "elwoodall", "declared", "unregistered"].includes(variant),
  );
  return ["elwood", "bare", ...usable.filter((v) => v !== "elwood" && v !== "bare")];
}

/** One run: every variant once, on one model server and agent home, order rotated per run. */
async function oneRun(
  agent: BenchAgent,
  variants: readonly TurnVariant[],
  steps: number,
  run: number,
): Promise<RunFigures> {
  // Rotate so drift in machine load does not always favour the same variant.
  const order = variants.map((_, index) => variants[(index + run) % variants.length]);
  const figures: RunFigures = {};
  const notes: string[] = [];
  const setup = await setUp(agent);
  try {
    for (const variant of order) {
      if (variant === undefined) continue;
      const turn = await measureTurn(setup, variant, steps);
      figures[variant] = median(turn.gaps);
      if (turn.parentCpuMsPerStep !== undefined) {
        notes.push(`parent CPU ${ms(turn.parentCpuMsPerStep)}/step`);
      }
      if (turn.hookRequests !== undefined && turn.peerChecks === undefined) {
        notes.push(`${variant}: ${turn.hookRequests} hook requests`);
      } else if (turn.hookRequests !== undefined) {
        notes.push(
          `${variant}: ${turn.hookRequests} bridge requests on ${turn.peerChecks} identified` +
            ` connections (${turn.foreignPeer} refused)`,
        );
      }
    }
  } finally {
    await setup.cleanup();
  }
  const shown = variants.map((variant) => `${variant} ${ms(figures[variant] ?? Number.NaN)}`);
  console.log(
    `${agent} run ${run + 1}: median tool step ${shown.join(", ")}; ` +
      `${notes.join(", ")} (load ${loadAverage()})`,
  );
  return figures;
}

export async function measureUserPath(options: UserPathOptions): Promise<void> {
  for (const agent of options.agents) {
    const variants = variantsFor(agent, options);
    const runs: RunFigures[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      runs.push(await oneRun(agent, variants, options.steps, run));
    }
    const of = (variant: TurnVariant) => runs.map((figures) => figures[variant] ?? Number.NaN);
    const bare = median(of("bare"));
    const elwood = median(of("elwood"));
    const overheads = runs.map((figures) => (figures.elwood ?? Number.NaN) - (figures.bare ?? 0));
    const others = variants
      .filter((variant) => variant !== "elwood" && variant !== "bare")
      .map((variant) => {
        const deltas = runs.map(
          (figures) => (figures[variant] ?? Number.NaN) - (figures.bare ?? 0),
        );
        return `${variant} ${ms(median(deltas))}`;
      });
    console.log(
      `${agent}: ${options.steps} sequential ${BENCH_AGENT_PROFILES[agent].stepName} steps x ${options.runs} runs; ` +
        `median per-run step: elwood ${ms(elwood)}, bare ${ms(bare)}; ` +
        `overhead per tool step ${ms(median(overheads))} (runs: ${overheads.map(ms).join(", ")}), ` +
        `ratio ${(elwood / bare).toFixed(2)}` +
        (others.length > 0 ? `; other variants over bare: ${others.join(", ")}` : ""),
    );
  }
}
