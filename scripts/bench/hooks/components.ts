// Hook bridge round trip in isolation (design/TARGETS.md "hook bridge round trip"):
// p50/p99 from CLI-side invocation to response, no handler, for (a) a direct HTTP POST
// as Claude's native http hook makes, (b) the bash command-hook client, (c) the Node
// fallback client, and for reference (d) the cost of `node -e 0` alone and (e) the
// floor of spawning any process through /bin/sh from Node.
// Run: `npm run bench -- hooks --mode components`. This wires the bridge directly, not
// through a session, so it cannot see the session's own per-hook costs: the user-path
// mode (user-path.ts) is the one that answers "what does a tool step cost".

import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { HookCatalogue, HookEventBase } from "../../../src/bridge/catalogue.js";
import { bashHookClientScript } from "../../../src/bridge/clients/bash-client.js";
import { commandHookCommand } from "../../../src/bridge/clients/command.js";
import { nodeHookClientScript } from "../../../src/bridge/clients/node-client.js";
import { createHookDispatcher } from "../../../src/bridge/dispatcher.js";
import { HookBridgeServer } from "../../../src/bridge/server.js";

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

export async function measureComponents(): Promise<void> {
  const dispatcher = createHookDispatcher({
    catalogue: benchCatalogue,
    hookTimeoutMs: HOOK_TIMEOUT_MS,
  });
  const server = await HookBridgeServer.start({ sink: dispatcher });
  const dir = await mkdtemp(join(tmpdir(), "elwood-bench-hooks-"));
  try {
    const bashPath = join(dir, "hook-client.bash");
    const nodePath = join(dir, "hook-client.cjs");
    await writeFile(bashPath, bashHookClientScript({ hookTimeoutMs: HOOK_TIMEOUT_MS }), {
      mode: 0o600,
    });
    await writeFile(nodePath, nodeHookClientScript({ hookTimeoutMs: HOOK_TIMEOUT_MS }), {
      mode: 0o600,
    });
    const env = { ...process.env, ...server.environment() };
    const bashCommand = commandHookCommand({ scriptPath: bashPath, eventName: "PreToolUse" });
    const nodeCommand = commandHookCommand({
      scriptPath: nodePath,
      eventName: "PreToolUse",
      client: "node",
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
    await measurePeerCheck(bashCommand, bashPath);
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

// The Linux peer check (prd/bridge.md "Peer check") with this process as the "CLI": (a')
// a new connection per request, so every request pays the /proc lookup (Claude's own
// keep-alive socket pays it once); (b') the bash client run as a command hook (through
// `sh -c`, as Claude runs it), so every hook pays it.
async function measurePeerCheck(bashCommand: string, bashPath: string): Promise<void> {
  if (process.platform !== "linux") return;
  for (const row of ["direct", "client"] as const) {
    const dispatcher = createHookDispatcher({
      catalogue: benchCatalogue,
      hookTimeoutMs: HOOK_TIMEOUT_MS,
    });
    const server = await HookBridgeServer.start({ sink: dispatcher });
    server.admitOnlyPeersOf({
      cliPid: process.pid,
      clientPath: bashPath,
      clientKind: "bash",
      isCommandEvent: () => row === "client",
    });
    try {
      const env = { ...process.env, ...server.environment() };
      if (row === "direct") {
        await measure("(a') direct POST, peer checked per request", ITERATIONS.http, () =>
          post(server.port, server.token),
        );
      } else {
        await measure("(b') bash client, peer checked", ITERATIONS.bash, () =>
          runThroughShell(bashCommand, env),
        );
      }
      const stats = server.stats;
      if (stats.dispatched !== stats.received || stats.peerUnchecked > 0)
        throw new Error(
          `peer-checked requests were rejected or unchecked: ${JSON.stringify(stats)}`,
        );
    } finally {
      await server.close();
    }
  }
}
