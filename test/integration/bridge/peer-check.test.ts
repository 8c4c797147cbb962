// The bridge's peer check on Linux (prd/bridge.md "Peer check"): once the server knows
// the CLI's pid, an authenticated request is dispatched only when its socket belongs to
// that process tree; the same token from any other process is refused without a
// dispatch. Real sockets, real /proc, the real bash hook client.

import { type ChildProcess, spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { checkPeer, findPeerSocket } from "../../../src/bridge/peer-check.js";
import { HookBridgeServer } from "../../../src/bridge/server.js";
import { clientEnv, hookClients } from "../../fixtures/bridge-clients.js";
import { postHook, recordingSink } from "../../fixtures/bridge-http.js";

const input = JSON.stringify({ hook_event_name: "PreToolUse", session_id: "s", cwd: "/" });

const clients = hookClients(1000);
const servers: HookBridgeServer[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/**
 * A shell that waits for one line on stdin, then runs `command` with the rest of stdin:
 * the test learns the shell's pid (the "CLI") before its descendant ever connects.
 */
function gatedShell(command: string, env: NodeJS.ProcessEnv) {
  const child = spawn("/bin/sh", ["-c", `read gate; ${command}`], { env });
  children.push(child);
  let stdout = "";
  child.stdout?.on("data", (part: Buffer) => {
    stdout += part.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  return {
    pid: child.pid as number,
    release: async (body: string) => {
      child.stdin?.end(`go\n${body}`);
      const code = await exited;
      return { code, stdout };
    },
  };
}

describe.runIf(process.platform === "linux")("bridge peer check", () => {
  it("C-HOOK-02: admits a hook client that descends from the CLI's pid", async () => {
    const recording = recordingSink(async () => '{"decision":"ok"}');
    const server = await HookBridgeServer.start({ sink: recording.sink });
    servers.push(server);
    const shell = gatedShell(
      clients.commandFor("bash", "PreToolUse"),
      clientEnv(server.environment()),
    );
    server.admitOnlyPeersOf(shell.pid);
    const result = await shell.release(input);
    expect(result).toEqual({ code: 0, stdout: '{"decision":"ok"}' });
    expect(recording.dispatched).toHaveLength(1);
    expect(server.stats).toMatchObject({ dispatched: 1, foreignPeer: 0, peerUnchecked: 0 });
  });

  it("C-HOOK-02: refuses the right token from a process outside the CLI's tree, without dispatching", async () => {
    const recording = recordingSink(async () => '{"decision":"ok"}');
    const server = await HookBridgeServer.start({ sink: recording.sink });
    servers.push(server);
    const cli = spawn("sleep", ["30"]);
    children.push(cli);
    server.admitOnlyPeersOf(cli.pid as number);
    // This test process holds the token (as any same-user reader of the CLI's
    // environment could) but is not the CLI or one of its descendants.
    const reply = await postHook({
      port: server.port,
      path: "/hooks/PreToolUse",
      body: input,
      token: server.token,
    });
    expect(reply).toEqual({ status: 200, body: "" });
    expect(recording.dispatched).toEqual([]);
    expect(server.stats).toMatchObject({ foreignPeer: 1, dispatched: 0 });
  });

  it("before a CLI pid is known the token alone decides (the server is usable on its own)", async () => {
    const recording = recordingSink(async () => undefined);
    const server = await HookBridgeServer.start({ sink: recording.sink });
    servers.push(server);
    await postHook({
      port: server.port,
      path: "/hooks/PreToolUse",
      body: input,
      token: server.token,
    });
    expect(recording.dispatched).toHaveLength(1);
  });

  it("checkPeer finds this process's own socket when the root is this process", async () => {
    const recording = recordingSink(async () => undefined);
    const server = await HookBridgeServer.start({ sink: recording.sink });
    servers.push(server);
    server.admitOnlyPeersOf(process.pid);
    await postHook({
      port: server.port,
      path: "/hooks/PreToolUse",
      body: input,
      token: server.token,
    });
    expect(recording.dispatched).toHaveLength(1);
    expect(checkPeer(process.pid, { localPort: server.port, remotePort: 1 })).toBe("foreign");
  });
});

describe("findPeerSocket", () => {
  const table = [
    "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
    "   0: 0100007F:1092 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1111 1 0 100 0 0 10 0",
    "   1: 0100007F:C350 0100007F:1092 01 00000000:00000000 00:00000000 00000000  1000        0 2222 1 0 20 4 30 10 -1",
    "   2: 0100007F:1092 0100007F:C350 01 00000000:00000000 00:00000000 00000000  1000        0 3333 1 0 20 4 30 10 -1",
  ].join("\n");

  it("picks the connecting end's line (its port local, the bridge's port remote)", () => {
    expect(findPeerSocket(table, { localPort: 0x1092, remotePort: 0xc350 })).toEqual({
      inode: "2222",
      uid: 1000,
    });
  });

  it("no such connection: undefined", () => {
    expect(findPeerSocket(table, { localPort: 0x1092, remotePort: 0xc351 })).toBeUndefined();
  });
});
