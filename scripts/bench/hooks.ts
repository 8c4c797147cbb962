// Hook overhead (design/TARGETS.md). `npm run bench -- hooks` measures the user's path:
// a real session with a before-tool handler (PreToolUse, BeforeTool, preToolUse) in the parent against the
// bare CLI in the same run, as milliseconds per tool step and a ratio (hooks/user-path.ts).
// `--mode components` measures the bridge round trip in isolation (hooks/components.ts);
// `--mode timeline` shows when each hook reaches the parent within a tool step;
// `--mode events` prints the per-event table: each per-step event registered alone, in each
// way the CLI offers, against the bare CLI (hooks/per-event.ts);
// `--mode all` runs user and components.
// Flags: --agents claude,codex,gemini,copilot (gemini and copilot: --mode user, elwood vs bare)
// --steps 30  --runs 3
//   --variants noop,envfile,hooks,floor,elwood160,elwoodall,declared,unregistered
// (bare-CLI variants besides bare itself, to attribute a difference; hooks/turns.ts).
import { ElwoodError } from "../../src/errors.js";
import { BENCH_AGENTS, isBenchAgent } from "./hooks/agent-profiles.js";
import { measureComponents } from "./hooks/components.js";
import { measurePerEvent } from "./hooks/per-event.js";
import { type BenchAgent, loadAverage } from "./hooks/setup.js";
import { measureTimeline } from "./hooks/timeline.js";
import { hasAttributionVariants, type TurnVariant } from "./hooks/turns.js";
import { measureUserPath } from "./hooks/user-path.js";

interface HookBenchArgs {
  readonly mode: "user" | "components" | "timeline" | "events" | "all";
  readonly agents: readonly BenchAgent[];
  readonly steps: number;
  readonly runs: number;
  readonly extraVariants: readonly TurnVariant[] | undefined;
}

function flagValue(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}

function positiveInteger(args: readonly string[], name: string, fallback: number): number {
  const text = flagValue(args, name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) {
    throw new ElwoodError("invalid_options", `${name} takes a positive integer; got ${text}.`);
  }
  return value;
}

const VARIANTS: readonly TurnVariant[] = [
  "elwood",
  "elwood160",
  "elwoodall",
  "bare",
  "noop",
  "envfile",
  "hooks",
  "floor",
  "declared",
  "unregistered",
];

function parseVariants(text: string | undefined): TurnVariant[] | undefined {
  if (text === undefined) return undefined;
  const names = text.split(",").filter((name) => name.length > 0);
  const unknown = names.filter((name) => !VARIANTS.includes(name as TurnVariant));
  if (unknown.length > 0) {
    throw new ElwoodError(
      "invalid_options",
      `--variants lists ${VARIANTS.join(", ")}; got ${unknown.join(", ")}.`,
    );
  }
  return names as TurnVariant[];
}

export function parseHookBenchArgs(args: readonly string[]): HookBenchArgs {
  const mode = flagValue(args, "--mode") ?? "user";
  if (
    mode !== "user" &&
    mode !== "components" &&
    mode !== "timeline" &&
    mode !== "events" &&
    mode !== "all"
  ) {
    throw new ElwoodError(
      "invalid_options",
      `--mode is user, components, timeline, events or all; got ${mode}.`,
    );
  }
  const agents = (flagValue(args, "--agents") ?? "claude,codex").split(",");
  for (const agent of agents) {
    if (!isBenchAgent(agent)) {
      throw new ElwoodError(
        "invalid_options",
        `--agents lists ${BENCH_AGENTS.join(", ")}; got ${agent}.`,
      );
    }
    if (mode !== "user" && !hasAttributionVariants(agent)) {
      throw new ElwoodError("invalid_options", `--mode ${mode} is built for claude and codex.`);
    }
  }
  return {
    mode,
    agents: agents as BenchAgent[],
    steps: positiveInteger(args, "--steps", 30),
    runs: positiveInteger(args, "--runs", 3),
    extraVariants: parseVariants(flagValue(args, "--variants")),
  };
}

export async function runBenchmark(args: readonly string[] = []): Promise<void> {
  const parsed = parseHookBenchArgs(args);
  console.log(`load average at start: ${loadAverage()}`);
  if (parsed.mode === "timeline") {
    for (const agent of parsed.agents) await measureTimeline(agent, parsed.steps);
  }
  if (parsed.mode === "events") {
    await measurePerEvent({
      agents: parsed.agents.filter(hasAttributionVariants),
      steps: parsed.steps,
      runs: parsed.runs,
    });
  }
  if (parsed.mode === "user" || parsed.mode === "all") await measureUserPath(parsed);
  if (parsed.mode === "components" || parsed.mode === "all") await measureComponents();
  console.log(`load average at end: ${loadAverage()}`);
}

export default runBenchmark;
