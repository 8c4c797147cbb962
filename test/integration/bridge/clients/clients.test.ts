// The real generated command-hook clients (bash over /dev/tcp, and the Node fallback)
// against a real HookBridgeServer: round trip, fail-open paths, the shared byte cap and
// the client deadline (spec hook-protocols A4/B4, seeds §6.2-6.3).

import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { bashHookClientScript } from "../../../../src/bridge/clients/bash-client.js";
import type { HookClientKind } from "../../../../src/bridge/clients/command.js";
import { bashHasDevTcp, chooseHookClient } from "../../../../src/bridge/clients/probe.js";
import { HookBridgeServer } from "../../../../src/bridge/server.js";
import { clientEnv, hookClients, runHookCommand } from "../../../fixtures/bridge-clients.js";
import { recordingSink } from "../../../fixtures/bridge-http.js";

// The spec's cap (C-HOOK-16), written out so a changed constant in src cannot pass.
const SPEC_HOOK_REQUEST_CAP = 8 * 1024 * 1024;

const HOOK_TIMEOUT_MS = 1000;
const CLIENT_DEADLINE_MS = 4000; // clientDeadlineSeconds(1000) * 1000
const input = `${JSON.stringify({ hook_event_name: "PreToolUse", session_id: "s", cwd: "/", note: "ünï" })}\n`;

const clients = hookClients(HOOK_TIMEOUT_MS);
const servers: HookBridgeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function bridge(recording: ReturnType<typeof recordingSink>, responseDeadlineMs?: number) {
  const server = await HookBridgeServer.start({
    sink: recording.sink,
    ...(responseDeadlineMs === undefined ? {} : { responseDeadlineMs }),
  });
  servers.push(server);
  return server;
}

describe.each<HookClientKind>(["bash", "node"])("%s hook client", (client) => {
  const run = (env: NodeJS.ProcessEnv, body: string | Buffer = input, event = "PreToolUse") =>
    runHookCommand({ command: clients.commandFor(client, event), input: body, env });

  it("C-HRESP-06: prints the bridge's decision and exits 0", async () => {
    const reply =
      '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"nö"}}';
    const recording = recordingSink(async () => reply);
    const server = await bridge(recording);
    const result = await run(clientEnv(server.environment()));
    expect(result).toMatchObject({ exitCode: 0, stdout: reply, stderr: "" });
    expect(recording.dispatched).toEqual([{ input: JSON.parse(input), eventName: "PreToolUse" }]);
  });

  it("C-HOOK-03: no decision prints nothing", async () => {
    const server = await bridge(recordingSink());
    const result = await run(clientEnv(server.environment()));
    expect(result).toMatchObject({ exitCode: 0, stdout: "" });
    expect(server.stats.dispatched).toBe(1);
  });

  it("C-HOOK-02: a wrong token prints nothing and reaches no handler", async () => {
    const recording = recordingSink(async () => "{}");
    const server = await bridge(recording);
    const env = clientEnv({ ...server.environment(), ELWOOD_HOOK_TOKEN: "ab".repeat(32) });
    const result = await run(env);
    expect(result).toMatchObject({ exitCode: 0, stdout: "" });
    expect(recording.dispatched).toEqual([]);
    expect(server.stats.unauthenticated).toBe(1);
  });

  it("fails open quickly when the server is gone or the environment is missing", async () => {
    const server = await bridge(recordingSink(async () => "{}"));
    const env = clientEnv(server.environment());
    // An event name that is not a plain identifier never becomes a request path.
    const command = clients.commandFor(client, "PreToolUse").replace(/ PreToolUse$/, " '../x y'");
    const badEvent = await runHookCommand({ command, input, env });
    expect(badEvent).toMatchObject({ exitCode: 0, stdout: "" });
    expect(server.stats.received).toBe(0);
    await server.close();
    const down = await run(env);
    expect(down).toMatchObject({ exitCode: 0, stdout: "" });
    // The bug this guards is a client that waits out its whole reply deadline for a server
    // that is gone. The run also counts /bin/sh and (node client) Node start-up, which a
    // loaded machine stretches, so the bound is that deadline, not a guess at start-up.
    expect(down.elapsedMs).toBeLessThan(CLIENT_DEADLINE_MS - 500);
    const posix = await run({ ...env, POSIXLY_CORRECT: "1" });
    expect(posix).toMatchObject({ exitCode: 0, stdout: "" });
    const bare = await run(clientEnv());
    expect(bare).toMatchObject({ exitCode: 0, stdout: "" });
  });

  it("C-HOOK-16: applies the same 8 MiB byte cap as the server, in bytes", async () => {
    const recording = recordingSink(async () => '{"ok":true}');
    const server = await bridge(recording);
    const env = clientEnv(server.environment());
    const head = '{"hook_event_name":"PreToolUse","session_id":"s","cwd":"/","p":"';
    const room = SPEC_HOOK_REQUEST_CAP - Buffer.byteLength(head) - 2;
    const pad = "é".repeat(Math.floor(room / 2)) + "x".repeat(room % 2);
    const exact = Buffer.from(`${head}${pad}"}\n`);
    expect(exact.length).toBe(SPEC_HOOK_REQUEST_CAP + 1); // the trailing newline is trimmed
    const fits = await run(env, exact);
    expect(fits).toMatchObject({ exitCode: 0, stdout: '{"ok":true}' });
    const over = Buffer.concat([exact.subarray(0, exact.length - 1), Buffer.from(" \n")]);
    const rejected = await run(env, over);
    expect(rejected).toMatchObject({ exitCode: 0, stdout: "" });
    const huge = await run(env, Buffer.alloc(SPEC_HOOK_REQUEST_CAP * 2, 0x61));
    expect(huge).toMatchObject({ exitCode: 0, stdout: "" });
    expect(recording.dispatched).toHaveLength(1);
    expect(server.stats.received).toBe(1);
  });

  it("gives up with no decision at its own deadline when the server is slower", async () => {
    const recording = recordingSink(() => new Promise(() => {}));
    const server = await bridge(recording, 30_000);
    const result = await run(clientEnv(server.environment()));
    expect(result).toMatchObject({ exitCode: 0, stdout: "" });
    // Not too early: the whole run (spawn to exit) is at least the client's wait.
    expect(result.elapsedMs).toBeGreaterThan(CLIENT_DEADLINE_MS - 500);
    // Not too late: the client's wait starts once it has sent the request, so measure from
    // the bridge receiving it, leaving out shell and Node start-up.
    expect(recording.dispatchedAt).toHaveLength(1);
    const waitedMs = result.endedAt - (recording.dispatchedAt[0] ?? Number.NaN);
    expect(waitedMs).toBeLessThan(CLIENT_DEADLINE_MS + 1500);
  });
});

describe("client selection", () => {
  it("the bash script is valid bash syntax", async () => {
    const script = bashHookClientScript({ hookTimeoutMs: HOOK_TIMEOUT_MS });
    const check = await promisify(execFile)("bash", ["-n", "-c", script]);
    expect(check.stderr).toBe("");
  });

  it("uses bash where /dev/tcp works and Node where the bash cannot connect", async () => {
    expect(await bashHasDevTcp("bash")).toBe(true);
    expect(await chooseHookClient()).toEqual({ client: "bash", interpreter: "bash" });
    const missing = await chooseHookClient({ bashPath: "/nonexistent/bash" });
    expect(missing).toEqual({ client: "node", interpreter: process.execPath });
  });
});
