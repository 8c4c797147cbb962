// One measured turn per variant: through Elwood (a real ClaudeSession / CodexSession with
// a PreToolUse handler in the parent), or the bare CLI in a PTY with optional pieces of
// Elwood's wiring added one at a time, so a difference can be attributed:
// - bare: no Elwood, no hooks;
// - noop: three no-op command hooks on the tool events (Claude's own cost of hooks);
// - envfile: Claude's CLAUDE_ENV_FILE scrub script only;
// - hooks: Elwood's generated hook set (settings / -c overrides) pointed at a bridge with
//   no session behind it: the CLI's cost of Elwood's hooks without the parent's work;
// - floor: the same hook set pointed at a plain HTTP server that answers every request at
//   once with nothing (no token check, no peer check, no parsing): the CLI's own floor;
// - elwood160: the Elwood session at the bare variants' 160x48 instead of its default
//   189x48, to tell what the width costs (the CLI paints more per frame) from the rest;
// - elwoodall: the Elwood session with `hookEvents: "all"` (every event blocking, as before
//   issue 44), beside the default session that blocks only on what is declared;
// - declared: Elwood's hook set as the default session registers it (PreToolUse declared,
//   Elwood's own hooks blocking, the adapter's listener-only events left out, every other
//   event observe-only) at a bridge with no session behind it;
// - unregistered: the same, without the observe-only events that fire on every tool step
//   (Claude: PostToolUse, PostToolBatch, MessageDisplay; Codex: PostToolUse), to weigh
//   registering them observe-only against not registering them at all.

import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { ELWOOD_AGENTS } from "../../../src/agents.js";
import type { HookCatalogue, HookEventBase } from "../../../src/bridge/catalogue.js";
import { createHookDispatcher } from "../../../src/bridge/dispatcher.js";
import { HOOK_PORT_ENV, HOOK_TOKEN_ENV } from "../../../src/bridge/limits.js";
import { type HookRegistration, hookRegistration } from "../../../src/bridge/registration.js";
import { HookBridgeServer } from "../../../src/bridge/server.js";
import { claudeAdapter } from "../../../src/claude/adapter.js";
import { claudeHookEventsFor } from "../../../src/claude/hooks/versions.js";
import { CLAUDE_COMMAND_ONLY_EVENTS } from "../../../src/claude/launch/http-hooks.js";
import { claudeSessionSettings } from "../../../src/claude/launch/settings.js";
import { toolEnvScrubScript } from "../../../src/claude/launch/tool-env.js";
import { codexAdapter } from "../../../src/codex/adapter.js";
import { codexHookCatalogue } from "../../../src/codex/hooks/catalogue.js";
import { codexBridgeOverrides } from "../../../src/codex/launch/argv.js";
import type { BridgeWiring } from "../../../src/core/contract/adapter.js";
import { hooksElwoodActsOn } from "../../../src/core/launch/hook-needs.js";
import { ElwoodError } from "../../../src/errors.js";
import { spawnPty } from "../../../src/terminal/pty-process.js";
import { cliBinary } from "../../../test/support/cli-binaries.js";
import { BENCH_AGENT_PROFILES } from "./agent-profiles.js";
import {
  type BenchAgent,
  type RunSetup,
  scriptTurn,
  stepGaps,
  TURN_TIMEOUT_MS,
  waitForLastStep,
} from "./setup.js";

export type BareVariant =
  | "bare"
  | "noop"
  | "envfile"
  | "hooks"
  | "floor"
  | "declared"
  | "unregistered";
export type TurnVariant = "elwood" | "elwood160" | "elwoodall" | BareVariant;

/** The PTY size of the bare variants (and of elwood160). */
const BARE_SIZE = { cols: 160, rows: 48 } as const;

export interface MeasuredTurn {
  readonly gaps: readonly number[];
  /** The parent's CPU (user + system) per tool step; Elwood turns only. */
  readonly parentCpuMsPerStep?: number;
  /** Bridge requests answered during the turn (hooks variant only). */
  readonly hookRequests?: number;
  /** Connections the bridge identified, and requests it refused (hooks variant only). */
  readonly peerChecks?: number;
  readonly foreignPeer?: number;
}

export const HOOK_TIMEOUT_MS = 30_000;
const TOOL_HOOK_EVENTS = ["PreToolUse", "PostToolUse", "PostToolBatch"] as const;
/** The events that fire on every tool step and are observe-only in the default session. */
export const PER_STEP_OBSERVED: Readonly<Record<AttributedAgent, readonly string[]>> = {
  claude: ["PostToolUse", "PostToolBatch", "MessageDisplay"],
  codex: ["PostToolUse"],
};

/** The agents with attribution variants (the hook set rebuilt outside a session). */
export type AttributedAgent = "claude" | "codex";

export function hasAttributionVariants(agent: BenchAgent): agent is AttributedAgent {
  return agent === "claude" || agent === "codex";
}

/** How a default session whose only handler is the bench's PreToolUse registers each event. */
function declaredRegistration(agent: AttributedAgent): HookRegistration {
  const adapter = agent === "claude" ? claudeAdapter : codexAdapter;
  return hookRegistration({
    mode: "declared",
    declared: ["PreToolUse"],
    needed: hooksElwoodActsOn(adapter),
    listenerOnly: adapter.listenerOnlyHooks ?? [],
  });
}

export function measureTurn(
  setup: RunSetup,
  variant: TurnVariant,
  steps: number,
): Promise<MeasuredTurn> {
  if (variant === "elwood") return elwoodTurn(setup, steps);
  if (variant === "elwood160") return elwoodTurn(setup, steps, BARE_SIZE);
  if (variant === "elwoodall") return elwoodTurn(setup, steps, undefined, "all");
  return bareTurn(setup, steps, variant);
}

async function elwoodTurn(
  setup: RunSetup,
  steps: number,
  size?: { readonly cols: number; readonly rows: number },
  hookEvents?: "all",
): Promise<MeasuredTurn> {
  const scripted = scriptTurn(setup, hookEvents === "all" ? "elwoodall" : "elwood", steps);
  let preToolUse = 0;
  const countCall = () => {
    preToolUse += 1;
  };
  const common = {
    cwd: setup.workspace,
    env: setup.home.env,
    stateDir: setup.stateDir,
    ...(size === undefined ? {} : { initialSize: size }),
    ...(hookEvents === undefined ? {} : { hookEvents }),
  };
  const profile = BENCH_AGENT_PROFILES[setup.agent];
  const session = ELWOOD_AGENTS.get(setup.agent).createSession({
    ...common,
    ...profile.sessionOptions,
    hooks: { [profile.beforeToolHook]: countCall },
  });
  try {
    await session.start();
    const cpuBefore = process.cpuUsage();
    const markStart = process.hrtime.bigint() / 1000n;
    const threadsBefore = threadTimes();
    // The measured part ends with the model request that carries the last tool result;
    // the answer is checked after, so a turn that resolves early is reported, not timed.
    const answer = session.send(scripted.prompt, { timeoutMs: TURN_TIMEOUT_MS });
    answer.catch(() => undefined);
    await waitForLastStep(setup, scripted.turn, steps);
    const cpu = process.cpuUsage(cpuBefore);
    if (process.env.ELWOOD_BENCH_MARK === "1") {
      // For `node --cpu-prof`: the measured window on the profile's clock (microseconds).
      console.log(`  elwood window ${markStart}-${process.hrtime.bigint() / 1000n} us`);
      console.log(`  parent threads (CPU ms per step): ${threadDelta(threadsBefore, steps)}`);
    }
    const text = await answer;
    if (!text.endsWith(scripted.finalText)) {
      console.log(
        `  warning: send() resolved with ${JSON.stringify(text.slice(-60))}, not the answer`,
      );
    }
    if (preToolUse !== steps) console.log(`  warning: PreToolUse ran ${preToolUse}x of ${steps}`);
    return {
      gaps: await stepGaps(setup, scripted.turn, steps),
      parentCpuMsPerStep: (cpu.user + cpu.system) / 1000 / steps,
    };
  } finally {
    await session.close();
  }
}

type ThreadTimes = Map<string, { name: string; user: number; system: number }>;

// Per-thread CPU of this process (Linux), to tell the event loop from the thread pool,
// the GC helpers and the kernel time of each.
function threadTimes(): ThreadTimes {
  const times: ThreadTimes = new Map();
  if (process.platform !== "linux") return times;
  for (const tid of readdirSync("/proc/self/task")) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "latin1");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      times.set(tid, { name, user: Number(fields[11]), system: Number(fields[12]) });
    } catch {
      // The thread ended.
    }
  }
  return times;
}

function threadDelta(before: ThreadTimes, steps: number): string {
  const tick = 1000 / 100; // clock ticks (USER_HZ) to ms
  const byName = new Map<string, { user: number; system: number }>();
  for (const [tid, now] of threadTimes()) {
    const then = before.get(tid) ?? { user: 0, system: 0 };
    const sum = byName.get(now.name) ?? { user: 0, system: 0 };
    sum.user += (now.user - then.user) * tick;
    sum.system += (now.system - then.system) * tick;
    byName.set(now.name, sum);
  }
  return [...byName.entries()]
    .filter(([, t]) => t.user + t.system > 0)
    .map(
      ([name, t]) =>
        `${name} user ${(t.user / steps).toFixed(1)} sys ${(t.system / steps).toFixed(1)}`,
    )
    .join("; ");
}

// Answers every request with "no decision", as a parent without handlers would.
export const silentCatalogue: HookCatalogue<undefined, HookEventBase> = {
  eventNames: [],
  parse: (raw) => ({ ok: true, event: raw as HookEventBase }),
  resolveHandler: () => undefined,
  toWire: () => ({ ok: true, wire: undefined }),
};

async function bareTurn(
  setup: RunSetup,
  steps: number,
  variant: BareVariant,
): Promise<MeasuredTurn> {
  const scripted = scriptTurn(setup, variant, steps);
  if (variant === "floor") return floorTurn(setup, steps, scripted);
  const bridge =
    variant === "hooks" || variant === "declared" || variant === "unregistered"
      ? await HookBridgeServer.start({
          sink: createHookDispatcher({
            catalogue: silentCatalogue,
            hookTimeoutMs: HOOK_TIMEOUT_MS,
          }),
        })
      : undefined;
  try {
    const wiring = await wiringFor(setup, variant, bridge);
    const gaps = await bareCliTurn(setup, steps, scripted, wiring, (cliPid) =>
      // The bridge checks its peers as a session's does (prd/bridge.md "Peer check").
      bridge?.admitOnlyPeersOf({
        cliPid,
        clientKind: "bash",
        hookTimeoutMs: HOOK_TIMEOUT_MS,
        isCommandEvent: (eventName) =>
          setup.agent === "codex" ||
          CLAUDE_COMMAND_ONLY_EVENTS.includes(eventName) ||
          (variant !== "hooks" && !declaredRegistration("claude").isBlocking(eventName)),
      }),
    );
    if (bridge === undefined) return { gaps };
    const { dispatched, peerChecks, foreignPeer } = bridge.stats;
    return { gaps, hookRequests: dispatched, peerChecks, foreignPeer };
  } finally {
    await bridge?.close();
  }
}

/** The bare CLI in a PTY with `wiring`, through the scripted turn: the gaps between steps. */
export async function bareCliTurn(
  setup: RunSetup,
  steps: number,
  scripted: ReturnType<typeof scriptTurn>,
  wiring: Wiring,
  onSpawned: (cliPid: number) => void = () => {},
): Promise<number[]> {
  const pty = spawnPty({
    file: cliBinary(setup.agent),
    args: [...wiring.args, scripted.prompt],
    cwd: setup.workspace,
    env: { ...setup.home.env, ...wiring.env },
    ...BARE_SIZE,
  });
  // Drain the screen as a terminal would; nothing reads it unless ELWOOD_BENCH_SCREEN_LOG
  // names a file for the raw output (to see why a bare CLI never reached its last step).
  const screenLog = process.env.ELWOOD_BENCH_SCREEN_LOG;
  pty.onData(screenLog === undefined ? () => {} : (data) => appendFileSync(screenLog, data));
  onSpawned(pty.pid);
  try {
    await waitForLastStep(setup, scripted.turn, steps);
    return await stepGaps(setup, scripted.turn, steps);
  } finally {
    pty.kill("SIGKILL");
  }
}

// Elwood's hook set against a server that does nothing: what the CLI itself spends.
async function floorTurn(
  setup: RunSetup,
  steps: number,
  scripted: ReturnType<typeof scriptTurn>,
): Promise<MeasuredTurn> {
  let hookRequests = 0;
  const server = createServer((request, response) => {
    hookRequests += 1;
    request.resume();
    request.on("end", () => response.end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    // The token only has to be there for the CLI to fill the header; nothing checks it.
    const environment = () => ({ [HOOK_PORT_ENV]: String(port), [HOOK_TOKEN_ENV]: "0".repeat(64) });
    const wiring = await wiringFor(setup, "floor", { port, environment });
    return { gaps: await bareCliTurn(setup, steps, scripted, wiring), hookRequests };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Where the generated hooks point: the bridge, or the floor's plain server. */
interface HookTarget {
  readonly port: number;
  environment(): Readonly<Record<string, string>>;
}

export interface Wiring {
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}

async function wiringFor(
  setup: RunSetup,
  variant: BareVariant,
  bridge: HookTarget | undefined,
): Promise<Wiring> {
  const bridgeEnv = bridge === undefined ? {} : bridge.environment();
  const { agent } = setup;
  if (!hasAttributionVariants(agent)) {
    const profile = BENCH_AGENT_PROFILES[agent];
    if (variant !== "bare" || profile.bareArgs === undefined) {
      throw new ElwoodError("invalid_options", `The ${variant} variant is not built for ${agent}.`);
    }
    return { args: profile.bareArgs, env: profile.bareEnv ?? {} };
  }
  const declared = declaredRegistration(agent);
  const isDeclared = variant === "declared" || variant === "unregistered";
  const wiring: BridgeWiring | undefined =
    bridge === undefined
      ? undefined
      : {
          port: bridge.port,
          commandClientKind: "bash" as const,
          hookTimeoutMs: HOOK_TIMEOUT_MS,
          ...(isDeclared ? { isBlocking: declared.isBlocking } : {}),
        };
  // "unregistered" leaves out the per-step events the default session only observes.
  const registered = (eventNames: readonly string[]) =>
    variant === "unregistered"
      ? eventNames.filter((name) => !PER_STEP_OBSERVED[agent].includes(name))
      : variant === "declared"
        ? eventNames.filter(declared.isRegistered)
        : eventNames;
  if (setup.agent === "codex") {
    // The folder is trusted in the home's config.toml (./setup.ts).
    const args = ["--cd", setup.workspace];
    if (wiring !== undefined) {
      // As a session launches it (src/codex/launch/argv.ts): Elwood's hooks, the blanked
      // credential for tools, and the trust record for Elwood's hooks (the pinned Codex
      // skips hooks nobody reviewed, and the turn would never reach the bridge).
      for (const override of codexBridgeOverrides(
        registered(codexHookCatalogue.eventNames),
        wiring,
      )) {
        args.push("-c", override);
      }
    }
    return { args, env: bridgeEnv };
  }
  const args = ["--permission-mode", "default", "--allowedTools", "Bash"];
  const env: Record<string, string> = { ...bridgeEnv };
  let settings: Record<string, unknown> | undefined;
  if (variant === "noop") {
    settings = {
      hooks: Object.fromEntries(
        TOOL_HOOK_EVENTS.map((eventName) => [
          eventName,
          [{ matcher: "*", hooks: [{ type: "command", command: "true", timeout: 35 }] }],
        ]),
      ),
    };
  }
  if (wiring !== undefined) {
    settings = claudeSessionSettings({
      eventNames: registered(claudeHookEventsFor(undefined)),
      bridge: wiring,
      overrides: undefined,
    });
  }
  if (variant === "envfile") {
    const envFile = join(setup.workspace, ".bench-tool-env.sh");
    await writeFile(envFile, toolEnvScrubScript(), { mode: 0o600 });
    env.CLAUDE_ENV_FILE = envFile;
  }
  if (settings !== undefined) {
    const settingsPath = join(setup.workspace, ".bench-settings.json");
    await writeFile(settingsPath, JSON.stringify(settings), { mode: 0o600 });
    args.push("--settings", settingsPath);
  }
  return { args: [...args, "--"], env };
}
