// The per-event table (issue 44 item 1): for each event that fires on every tool step, the
// per-step cost of each way the CLI can be told about it, against the bare CLI in the same
// run. Each variant registers that one event alone, at a bridge with no session behind it
// (every request answered "no decision", peers checked as a session's bridge does), so the
// figure is what the CLI spends on that one registration plus the bridge's answer:
// - http: Claude's blocking `type: "http"` entry (Claude only; Codex has no http hooks);
// - command: a blocking command entry running Elwood's bash client;
// - async: the same command entry, `async: true` (Claude) / `async=true` (Codex): the CLI
//   starts the client and does not wait for it;
// - not registered: the bare CLI itself, the baseline every row is measured against.
// `npm run bench -- hooks --mode events [--agents claude,codex] [--steps 15] [--runs 3]`

import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { commandHookEntry, eventCommandHook } from "../../../src/bridge/clients/command.js";
import { createHookDispatcher } from "../../../src/bridge/dispatcher.js";
import { HookBridgeServer } from "../../../src/bridge/server.js";
import { claudeHttpHookEntry } from "../../../src/claude/launch/http-hooks.js";
import { codexBridgeOverrides } from "../../../src/codex/launch/argv.js";
import type { BridgeWiring } from "../../../src/core/contract/adapter.js";
import { loadAverage, median, ms, type RunSetup, scriptTurn, setUp } from "./setup.js";
import {
  type AttributedAgent,
  bareCliTurn,
  HOOK_TIMEOUT_MS,
  PER_STEP_OBSERVED,
  silentCatalogue,
  type Wiring,
} from "./turns.js";

export type RegistrationWay = "http" | "command" | "async";

interface EventVariant {
  readonly eventName: string;
  readonly way: RegistrationWay;
}

const label = (variant: EventVariant | "bare") =>
  variant === "bare" ? "bare" : `${variant.eventName}/${variant.way}`;

/** Every per-step event (the before-tool one and the observed ones) in every way the CLI has. */
export function eventVariants(agent: AttributedAgent): EventVariant[] {
  const ways: RegistrationWay[] =
    agent === "claude" ? ["http", "command", "async"] : ["command", "async"];
  const events = ["PreToolUse", ...PER_STEP_OBSERVED[agent]];
  return events.flatMap((eventName) => ways.map((way) => ({ eventName, way })));
}

async function wiringForEvent(
  setup: RunSetup,
  variant: EventVariant,
  bridge: HookBridgeServer,
): Promise<Wiring> {
  const wiring: BridgeWiring = {
    port: bridge.port,
    commandClientKind: "bash",
    hookTimeoutMs: HOOK_TIMEOUT_MS,
    isBlocking: () => variant.way !== "async",
  };
  const env = bridge.environment();
  if (setup.agent === "codex") {
    const args = ["--cd", setup.workspace];
    for (const override of codexBridgeOverrides([variant.eventName], wiring)) {
      args.push("-c", override);
    }
    return { args, env };
  }
  const { command, hookTimeoutMs } = eventCommandHook(variant.eventName, wiring);
  const entry =
    variant.way === "http"
      ? claudeHttpHookEntry({ port: bridge.port, eventName: variant.eventName, hookTimeoutMs })
      : commandHookEntry({ command, hookTimeoutMs, async: variant.way === "async" });
  const settings = { hooks: { [variant.eventName]: [{ matcher: "*", hooks: [entry] }] } };
  const settingsPath = join(setup.workspace, ".bench-settings.json");
  await writeFile(settingsPath, JSON.stringify(settings), { mode: 0o600 });
  return {
    args: [
      "--permission-mode",
      "default",
      "--allowedTools",
      "Bash",
      "--settings",
      settingsPath,
      "--",
    ],
    env,
  };
}

async function measureVariant(
  setup: RunSetup,
  variant: EventVariant | "bare",
  steps: number,
): Promise<number> {
  const scripted = scriptTurn(setup, label(variant).replace("/", "-"), steps);
  if (variant === "bare") {
    const args =
      setup.agent === "codex"
        ? ["--cd", setup.workspace]
        : ["--permission-mode", "default", "--allowedTools", "Bash", "--"];
    return median(await bareCliTurn(setup, steps, scripted, { args, env: {} }));
  }
  const bridge = await HookBridgeServer.start({
    sink: createHookDispatcher({ catalogue: silentCatalogue, hookTimeoutMs: HOOK_TIMEOUT_MS }),
  });
  try {
    const wiring = await wiringForEvent(setup, variant, bridge);
    const gaps = await bareCliTurn(setup, steps, scripted, wiring, (cliPid) =>
      bridge.admitOnlyPeersOf({
        cliPid,
        clientKind: "bash",
        hookTimeoutMs: HOOK_TIMEOUT_MS,
        isCommandEvent: () => variant.way !== "http",
      }),
    );
    if (bridge.stats.dispatched === 0) {
      console.log(`  warning: ${label(variant)} reached the bridge 0 times`);
    }
    return median(gaps);
  } finally {
    await bridge.close();
  }
}

export interface PerEventOptions {
  readonly agents: readonly AttributedAgent[];
  readonly steps: number;
  readonly runs: number;
}

/** Runs every variant once per run (order rotated), then prints the table's rows. */
export async function measurePerEvent(options: PerEventOptions): Promise<void> {
  const rows: string[] = [];
  for (const agent of options.agents) {
    const variants: (EventVariant | "bare")[] = ["bare", ...eventVariants(agent)];
    const figures = new Map<string, number[]>();
    for (let run = 0; run < options.runs; run += 1) {
      const order = variants.map((_, index) => variants[(index + run) % variants.length]);
      const setup = await setUp(agent);
      const shown: string[] = [];
      try {
        for (const variant of order) {
          if (variant === undefined) continue;
          const step = await measureVariant(setup, variant, options.steps);
          figures.set(label(variant), [...(figures.get(label(variant)) ?? []), step]);
          shown.push(`${label(variant)} ${ms(step)}`);
        }
      } finally {
        await setup.cleanup();
      }
      console.log(
        `${agent} run ${run + 1}: median tool step ${shown.join(", ")} (load ${loadAverage()})`,
      );
    }
    const bare = figures.get("bare") ?? [];
    for (const variant of variants) {
      if (variant === "bare") continue;
      const steps = figures.get(label(variant)) ?? [];
      const deltas = steps.map((step, run) => step - (bare[run] ?? Number.NaN));
      rows.push(
        `| ${agent} | \`${variant.eventName}\` | ${variant.way} | ${ms(median(deltas))} (${deltas.map(ms).join(" / ")}) |`,
      );
    }
    rows.push(`| ${agent} | (none) | not registered: bare | ${ms(median(bare))} per step |`);
  }
  console.log(
    `\n${options.steps} sequential steps x ${options.runs} runs, load at end ${loadAverage()}`,
  );
  console.log("| agent | event | way | over bare per tool step, median (runs) |");
  console.log("|---|---|---|---|");
  for (const row of rows) console.log(row);
}
