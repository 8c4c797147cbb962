// Hook bridge round trip in isolation (design/TARGETS.md "hook bridge round trip"):
// p50/p99 from CLI-side invocation to response, no handler, for (a) a direct HTTP POST
// as Claude's native http hook makes, (b) the bash command-hook client, (c) the Node
// fallback client, and for reference (d) the cost of `node -e 0` alone and (e) the
// floor of spawning any process through /bin/sh from Node.
// Then, end to end: the per-tool-step overhead of real claude with every tool hook
// wired to the bridge over http, against the same turn with no hooks (TARGETS.md "hook
// overhead per tool call"); ELWOOD_BENCH_CLAUDE=0 skips it.
// Run: `npm run bench -- hooks` or `npx tsx scripts/bench/hooks.ts`.

import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { HookCatalogue, HookEventBase } from "../../src/bridge/catalogue.js";
import { commandHookCommand } from "../../src/bridge/clients/command.js";
import { createHookDispatcher } from "../../src/bridge/dispatcher.js";
import { HookBridgeServer } from "../../src/bridge/server.js";
import { claudeHttpHookEntry } from "../../src/claude/launch/http-hooks.js";
import { spawnPty } from "../../src/terminal/pty-process.js";
import { createAgentHome, startScriptedModelServer } from "../../src/testing/index.js";

const HOOK_TIMEOUT_MS = 30_000;
const ITERATIONS = { http: 500, bash: 300, node: 200, nodeBare: 200 } as const;

// A typical PreToolUse input (~1 KB), the shape Claude posts for a Bash call.
const INPUT = `${JSON.stringify({
  session_id: "0b4a3c52-6a3e-4a55-9a57-2f1f3b7b2c11",
  transcript_path: "/home/user/.claude/projects/-work-app/0b4a3c52.jsonl",
  cwd: "/work/app",
  permission_mode: "default",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "ls -la src && git status --short", description: "List files" },
  tool_use_id: "toolu_01ABCDEFGHIJKLMNOPQRSTUV",
  effort: { level: "high" },
  padding: "x".repeat(600),
})}\n`;

// Parses just enough to reach handler resolution, which finds nothing: "no decision".
const benchCatalogue: HookCatalogue<undefined, HookEventBase> = {
  eventNames: ["PreToolUse"],
  parse: (raw) => ({ ok: true, event: raw as HookEventBase }),
  resolveHandler: () => undefined,
  toWire: () => ({ ok: true, wire: undefined }),
};

function percentile(sorted: readonly number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function measure(label: string, iterations: number, once: () => Promise<void>) {
  for (let warm = 0; warm < 5; warm += 1) await once();
  const samples: number[] = [];
  for (let index = 0; index < iterations; index += 1) {
    const started = performance.now();
    await once();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const row = { label, iterations, p50: percentile(samples, 0.5), p99: percentile(samples, 0.99) };
  console.log(
    `${label.padEnd(44)} n=${String(iterations).padStart(4)}  p50 ${row.p50.toFixed(2).padStart(7)} ms  p99 ${row.p99.toFixed(2).padStart(7)} ms`,
  );
  return row;
}

function post(port: number, token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/hooks/PreToolUse",
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(INPUT),
          "x-elwood-token": token,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve());
      },
    );
    outgoing.on("error", reject);
    outgoing.end(INPUT);
  });
}

// Runs a command through /bin/sh exactly as both CLIs run command hooks.
function runThroughShell(command: string, env: NodeJS.ProcessEnv, input = INPUT): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("/bin/sh", ["-c", command], { env, stdio: ["pipe", "pipe", "ignore"] });
    child.stdout.resume();
    child.on("error", reject);
    child.stdin.on("error", () => {});
    child.on("close", () => resolve());
    child.stdin.end(input);
  });
}

export async function runBenchmark(): Promise<void> {
  const dispatcher = createHookDispatcher({
    catalogue: benchCatalogue,
    hookTimeoutMs: HOOK_TIMEOUT_MS,
  });
  const server = await HookBridgeServer.start({ sink: dispatcher });
  try {
    const env = { ...process.env, ...server.environment() };
    // The commands the CLIs get: the client program inline, no script file.
    const bashCommand = commandHookCommand({
      eventName: "PreToolUse",
      hookTimeoutMs: HOOK_TIMEOUT_MS,
    });
    const nodeCommand = commandHookCommand({
      eventName: "PreToolUse",
      client: "node",
      hookTimeoutMs: HOOK_TIMEOUT_MS,
    });
    console.log(`hook input ${Buffer.byteLength(INPUT)} bytes; no handler (empty reply)`);
    await measure("(a) direct HTTP POST (Claude http hook)", ITERATIONS.http, () =>
      post(server.port, server.token),
    );
    await measure("(b) bash client via sh -c", ITERATIONS.bash, () =>
      runThroughShell(bashCommand, env),
    );
    await measure("(c) Node fallback client via sh -c", ITERATIONS.node, () =>
      runThroughShell(nodeCommand, env),
    );
    const bare = `'${process.execPath}' -e 0`;
    await measure("(d) reference: node -e 0 via sh -c", ITERATIONS.nodeBare, () =>
      runThroughShell(bare, env, ""),
    );
    await measure("(e) reference: sh -c true (spawn floor)", ITERATIONS.bash, () =>
      runThroughShell("true", env, ""),
    );
    const stats = server.stats;
    if (stats.dispatched !== stats.received)
      throw new Error(`bench requests were rejected: ${JSON.stringify(stats)}`);
    await measurePeerCheck(bashCommand);
  } finally {
    await server.close();
  }
  await measureClaudeToolSteps();
}

// The Linux peer check (prd/bridge.md "Peer check") with this process as the "CLI": (a')
// a new connection per request, so every request pays the /proc lookup (Claude's own
// keep-alive socket pays it once); (b') the bash client, a descendant, as a CLI runs it.
async function measurePeerCheck(bashCommand: string): Promise<void> {
  if (process.platform !== "linux") return;
  const dispatcher = createHookDispatcher({
    catalogue: benchCatalogue,
    hookTimeoutMs: HOOK_TIMEOUT_MS,
  });
  const server = await HookBridgeServer.start({ sink: dispatcher });
  server.admitOnlyPeersOf(process.pid);
  try {
    const env = { ...process.env, ...server.environment() };
    await measure("(a') direct POST, peer checked per request", ITERATIONS.http, () =>
      post(server.port, server.token),
    );
    await measure("(b') bash client, peer checked", ITERATIONS.bash, () =>
      runThroughShell(bashCommand, env),
    );
    const stats = server.stats;
    if (stats.dispatched !== stats.received || stats.peerUnchecked > 0)
      throw new Error(`peer-checked requests were rejected or unchecked: ${JSON.stringify(stats)}`);
  } finally {
    await server.close();
  }
}

const CLAUDE_BIN = fileURLToPath(new URL("../../node_modules/.bin/claude", import.meta.url));
const TOOL_STEPS = 8;
const CLAUDE_RUNS_PER_MODE = 3;
const TOOL_HOOK_EVENTS = ["PreToolUse", "PostToolUse", "PostToolBatch"] as const;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

// bare: no hooks; http: every tool hook to the bridge; noop: every tool hook a command
// running `true` (Claude's own hook machinery plus a shell, no bridge at all).
type ClaudeHookMode = "bare" | "http" | "noop";

// One real claude turn of TOOL_STEPS sequential Bash calls; returns the gaps between
// consecutive model requests of that turn (each gap = one tool step as claude runs it).
async function claudeTurnGaps(
  mode: ClaudeHookMode,
): Promise<{ gaps: number[]; hookCalls: number }> {
  const model = await startScriptedModelServer();
  const workspace = await realpath(await mkdtemp(join(tmpdir(), "elwood-bench-ws-")));
  execFileSync("git", ["init", "-q"], { cwd: workspace });
  const home = await createAgentHome({ server: model, trustedDirs: [workspace] });
  const dispatcher = createHookDispatcher({
    catalogue: benchCatalogue,
    hookTimeoutMs: HOOK_TIMEOUT_MS,
  });
  const bridge = await HookBridgeServer.start({ sink: dispatcher });
  try {
    const steps = Array.from({ length: TOOL_STEPS }, (_, index) => [
      { tool: { name: "Bash", input: { command: `echo step-${index}` } } },
      { say: `step ${index} done` },
    ]).flat();
    model.turn({ match: "run the steps", steps });
    const hooks = Object.fromEntries(
      TOOL_HOOK_EVENTS.map((eventName) => [
        eventName,
        [
          {
            matcher: "*",
            hooks: [
              mode === "noop"
                ? { type: "command", command: "true", timeout: 35 }
                : claudeHttpHookEntry({
                    port: bridge.port,
                    eventName,
                    hookTimeoutMs: HOOK_TIMEOUT_MS,
                  }),
            ],
          },
        ],
      ]),
    );
    const settingsPath = join(workspace, ".bench-settings.json");
    await writeFile(settingsPath, JSON.stringify(mode === "bare" ? {} : { hooks }), {
      mode: 0o600,
    });
    const env = { ...home.env, ...(mode === "http" ? bridge.environment() : {}) };
    const args = [
      "--settings",
      settingsPath,
      "--permission-mode",
      "default",
      "--allowedTools",
      "Bash",
      "--",
      "run the steps",
    ];
    const pty = spawnPty({ file: CLAUDE_BIN, args, cwd: workspace, env, cols: 160, rows: 48 });
    pty.onData(() => {});
    try {
      const isTurnRequest = (request: { matchedTurn?: number; isAuxiliary: boolean }) =>
        request.matchedTurn !== undefined && !request.isAuxiliary;
      await model.waitForRequest(
        (request) =>
          isTurnRequest(request) &&
          request.toolResults.some((result) => result.text.includes(`step-${TOOL_STEPS - 1}`)),
        120_000,
      );
      const times = model.requests.filter(isTurnRequest).map((request) => request.at);
      const gaps = times.slice(1).map((at, index) => at - (times[index] ?? at));
      return { gaps, hookCalls: bridge.stats.dispatched };
    } finally {
      pty.kill("SIGKILL");
    }
  } finally {
    await bridge.close();
    await model.close();
    await home.cleanup();
    await rm(workspace, { recursive: true, force: true });
  }
}

async function measureClaudeToolSteps(): Promise<void> {
  if (process.env.ELWOOD_BENCH_CLAUDE === "0" || !existsSync(CLAUDE_BIN)) {
    console.log("claude per-tool-step overhead: skipped");
    return;
  }
  const gaps: Record<ClaudeHookMode, number[]> = { bare: [], http: [], noop: [] };
  let hookCalls = 0;
  // Alternate the modes so drift in machine load hits all of them alike.
  for (let run = 0; run < CLAUDE_RUNS_PER_MODE; run += 1) {
    for (const mode of ["bare", "http", "noop"] as const) {
      const turn = await claudeTurnGaps(mode);
      gaps[mode].push(...turn.gaps);
      if (mode === "http") hookCalls += turn.hookCalls;
    }
  }
  const bare = median(gaps.bare);
  const http = median(gaps.http);
  const noop = median(gaps.noop);
  console.log(
    `claude tool step (${TOOL_STEPS} sequential Bash calls x ${CLAUDE_RUNS_PER_MODE} runs per mode, ` +
      `median gap between model requests):\n` +
      `  bare ${bare.toFixed(1)} ms; bridge http hooks ${http.toFixed(1)} ms (overhead ${(http - bare).toFixed(1)} ms, ` +
      `${hookCalls} hook requests answered); no-op command hooks ${noop.toFixed(1)} ms (overhead ${(noop - bare).toFixed(1)} ms)`,
  );
}

export default runBenchmark;

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runBenchmark();
}
