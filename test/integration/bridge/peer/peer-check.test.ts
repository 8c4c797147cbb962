// The bridge's peer check on Linux (prd/bridge.md "Peer check"): once the server knows
// the CLI's pid, an http event is admitted only from a socket the CLI process itself
// holds, and a command event only from the CLI's own child running the generated client
// for exactly that event. The right token from anywhere else (a tool of the agent, any
// other process) is refused without a dispatch. Real sockets, real /proc, real bash.

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { identifyPeer } from "../../../../src/bridge/peer/identify.js";
import { findPeerSocket, readPeerSocket } from "../../../../src/bridge/peer/tcp-table.js";
import { HookBridgeServer } from "../../../../src/bridge/server.js";
import { shellQuote } from "../../../../src/shell/login-shell.js";
import { clientEnv, hookClients } from "../../../fixtures/bridge-clients.js";
import { postHook, recordingSink } from "../../../fixtures/bridge-http.js";

const input = (event: string) =>
  JSON.stringify({ hook_event_name: event, session_id: "s", cwd: "/" });

const clients = hookClients(1000);
// Scripts the tests run as tools and impostors (the client itself has no file).
let dir: string;
const servers: HookBridgeServer[] = [];
const children: ChildProcess[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "elwood-peer-check-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function startServer() {
  const recording = recordingSink(async () => '{"decision":"ok"}');
  const server = await HookBridgeServer.start({ sink: recording.sink });
  servers.push(server);
  return { server, recording };
}

/**
 * A "CLI": a shell that waits for one line on stdin, then runs `script` with the rest of
 * stdin, so the test knows its pid before any child of it connects.
 */
function gatedCli(script: string, env: NodeJS.ProcessEnv) {
  const child = spawn("/bin/bash", ["-c", `read gate; ${script}`], { env });
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

function policyFor(cliPid: number, commandEvents: readonly string[]) {
  return {
    cliPid,
    clientKind: "bash" as const,
    hookTimeoutMs: 1000,
    isCommandEvent: (eventName: string) => commandEvents.includes(eventName),
  };
}

/** A bash /dev/tcp POST with the token, as a tool that read the CLI's environment would. */
function forgedPost(event: string): string {
  return [
    `body='${input(event)}'`,
    'exec 3<>"/dev/tcp/127.0.0.1/$ELWOOD_HOOK_PORT"',
    `printf 'POST /hooks/${event} HTTP/1.0\\r\\nContent-Length: %s\\r\\nx-elwood-token: %s\\r\\n\\r\\n%s' "\${#body}" "$ELWOOD_HOOK_TOKEN" "$body" >&3`,
    "cat <&3 >/dev/null",
  ].join("; ");
}

describe.runIf(process.platform === "linux")("bridge peer check", () => {
  it("C-HOOK-02: admits the CLI's own run of the command client for its event", async () => {
    const { server, recording } = await startServer();
    // `& wait`: the CLI runs the client as its child (a lone last command would be exec'd);
    // `<&0` keeps stdin, which bash gives a background job from /dev/null otherwise.
    const cli = gatedCli(
      `${clients.commandFor("bash", "PreToolUse")} <&0 & wait`,
      clientEnv(server.environment()),
    );
    server.admitOnlyPeersOf(policyFor(cli.pid, ["PreToolUse"]));
    const result = await cli.release(input("PreToolUse"));
    expect(result).toEqual({ code: 0, stdout: '{"decision":"ok"}' });
    expect(recording.dispatched).toHaveLength(1);
    // Found by the pid the client named, verified, without searching the CLI's children.
    expect(server.stats).toMatchObject({
      dispatched: 1,
      foreignPeer: 0,
      peerUnchecked: 0,
      peerClaimsVerified: 1,
    });
  });

  it("C-HOOK-02: admits the client under the CLI's `sh -c '<hook command>'` wrapper (Claude's way)", async () => {
    const { server, recording } = await startServer();
    // dash keeps the wrapper alive around the client rather than exec'ing it.
    const command = clients.commandFor("bash", "SessionStart");
    const cli = gatedCli(
      `/bin/sh -c ${shellQuote(command)} <&0 & wait`,
      clientEnv(server.environment()),
    );
    server.admitOnlyPeersOf(policyFor(cli.pid, ["SessionStart"]));
    const result = await cli.release(input("SessionStart"));
    expect(result.stdout).toBe('{"decision":"ok"}');
    expect(recording.dispatched).toHaveLength(1);
    expect(server.stats).toMatchObject({ peerChecks: 1, peerClaimsVerified: 1 });
  });

  it("C-HOOK-02: refuses a tool-like descendant of the CLI posting with the right token, for http and command events", async () => {
    const { server, recording } = await startServer();
    // The "tool" is the CLI's child shell in a session of its own (as both CLIs start
    // tools); it posts with bash /dev/tcp like a forger would.
    const toolPath = join(dir, "tool.bash");
    await writeFile(toolPath, `${forgedPost("PreToolUse")}\n${forgedPost("Stop")}\n`);
    const cli = gatedCli(`setsid bash '${toolPath}' & wait`, clientEnv(server.environment()));
    server.admitOnlyPeersOf(policyFor(cli.pid, ["Stop"]));
    await cli.release("");
    expect(recording.dispatched).toEqual([]);
    expect(server.stats).toMatchObject({ foreignPeer: 2, dispatched: 0 });
  });

  it("C-HOOK-02: refuses the real client run by a tool (a grandchild of the CLI)", async () => {
    const { server, recording } = await startServer();
    const command = clients.commandFor("bash", "PreToolUse");
    // The tool shell (own session) runs the client as its own child: a grandchild of the CLI.
    const cli = gatedCli(
      `setsid bash -c ${shellQuote(`${command} <&0 & wait`)} <&0 & wait`,
      clientEnv(server.environment()),
    );
    server.admitOnlyPeersOf(policyFor(cli.pid, ["PreToolUse"]));
    const result = await cli.release(input("PreToolUse"));
    expect(result.stdout).toBe("");
    expect(recording.dispatched).toEqual([]);
    expect(server.stats).toMatchObject({ foreignPeer: 1 });
  });

  it("C-HOOK-02: a child posing as the client (its name and event, another program) cannot post", async () => {
    const { server, recording } = await startServer();
    // `bash -c '<forger>' elwood-hook PreToolUse`: the client's shape, not its program.
    const cli = gatedCli(
      `bash -c ${shellQuote(forgedPost("Stop"))} elwood-hook PreToolUse & wait`,
      clientEnv(server.environment()),
    );
    server.admitOnlyPeersOf(policyFor(cli.pid, ["PreToolUse", "Stop"]));
    await cli.release("");
    expect(recording.dispatched).toEqual([]);
    expect(server.stats).toMatchObject({ foreignPeer: 1 });
  });

  it("C-HOOK-02: refuses the right token from a process outside the CLI's tree, without dispatching", async () => {
    const { server, recording } = await startServer();
    const cli = spawn("sleep", ["30"]);
    children.push(cli);
    server.admitOnlyPeersOf(policyFor(cli.pid as number, []));
    // This test process holds the token (as any same-user reader of the CLI's
    // environment could) but is not the CLI.
    const reply = await postHook({
      port: server.port,
      path: "/hooks/PreToolUse",
      body: input("PreToolUse"),
      token: server.token,
    });
    expect(reply).toEqual({ status: 200, body: "" });
    expect(recording.dispatched).toEqual([]);
    expect(server.stats).toMatchObject({ foreignPeer: 1, dispatched: 0 });
  });

  it("the CLI's own keep-alive connection is identified once, not per request", async () => {
    const { server, recording } = await startServer();
    // This process plays the CLI posting http hooks over one kept-alive socket.
    server.admitOnlyPeersOf(policyFor(process.pid, []));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let index = 0; index < 5; index += 1) {
        await keepAlivePost(agent, server, input("PreToolUse"));
      }
    } finally {
      agent.destroy();
    }
    expect(recording.dispatched).toHaveLength(5);
    expect(server.stats).toMatchObject({ dispatched: 5, peerChecks: 1, foreignPeer: 0 });
  });

  it("before a CLI pid is known the token alone decides (the server is usable on its own)", async () => {
    const { server, recording } = await startServer();
    await postHook({
      port: server.port,
      path: "/hooks/PreToolUse",
      body: input("PreToolUse"),
      token: server.token,
    });
    expect(recording.dispatched).toHaveLength(1);
  });
});

describe.runIf(process.platform === "linux")("the command client's pid claim", () => {
  it("C-HOOK-02: a verified claim skips the search; a missing or wrong one falls back to it; a claim admits no socket its pid does not hold", async () => {
    const { createServer, connect } = await import("node:net");
    // A bridge stand-in that reads the request head and never answers, so the client
    // holds its connection open while identifyPeer looks at it.
    let onHead: (connection: { remotePort: number; head: string }) => void = () => {};
    const firstHead = new Promise<{ remotePort: number; head: string }>((resolve) => {
      onHead = resolve;
    });
    const held: import("node:net").Socket[] = [];
    const listener = createServer((socket) => {
      held.push(socket);
      let head = "";
      socket.on("data", (part: Buffer) => {
        head += part.toString("latin1");
        if (head.includes("\r\n\r\n")) onHead({ remotePort: socket.remotePort ?? 0, head });
      });
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const port = (listener.address() as { port: number }).port;
    const own = connect(port, "127.0.0.1");
    await new Promise((resolve) => own.once("connect", resolve));
    try {
      const env = clientEnv({ ELWOOD_HOOK_PORT: String(port), ELWOOD_HOOK_TOKEN: "ab12" });
      const cli = gatedCli(`${clients.commandFor("bash", "PreToolUse")} <&0 & wait`, env);
      void cli.release(input("PreToolUse"));
      const { remotePort, head } = await firstHead;
      const claimed = Number(/\r\nx-elwood-pid: (\d+)\r\n/i.exec(head)?.[1]);
      expect(claimed).toBeGreaterThan(cli.pid);
      const address = { localPort: port, remotePort };
      const policy = policyFor(cli.pid, ["PreToolUse"]);
      const found = (isClaimVerified: boolean) => ({
        kind: "client",
        eventName: "PreToolUse",
        isClaimVerified,
      });
      expect(await identifyPeer(policy, address, "PreToolUse", claimed)).toEqual(found(true));
      for (const wrong of [undefined, cli.pid, process.pid, 1]) {
        expect(await identifyPeer(policy, address, "PreToolUse", wrong)).toEqual(found(false));
      }
      // A client speaks for its own event only, whatever it claims.
      const stop = policyFor(cli.pid, ["PreToolUse", "Stop"]);
      expect(await identifyPeer(stop, address, "Stop", claimed)).toEqual({ kind: "foreign" });
      // The client's true pid claimed for a connection it does not hold (this process's).
      const ownAddress = { localPort: port, remotePort: own.localPort ?? 0 };
      expect(await identifyPeer(policy, ownAddress, "PreToolUse", claimed)).toEqual({
        kind: "foreign",
      });
    } finally {
      own.destroy();
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});

function keepAlivePost(agent: Agent, server: HookBridgeServer, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: "/hooks/PreToolUse",
        method: "POST",
        agent,
        headers: {
          "content-length": Buffer.byteLength(body),
          "x-elwood-token": server.token,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve());
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

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

describe("readPeerSocket under many concurrent lookups", () => {
  it("200 lookups at once each find their own socket's line (one shared pass over the table)", async () => {
    const { createServer, connect } = await import("node:net");
    const { readdirSync, readlinkSync } = await import("node:fs");
    const server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    const sockets = await Promise.all(
      Array.from(
        { length: 200 },
        () =>
          new Promise<import("node:net").Socket>((resolve) => {
            const socket = connect(port, "127.0.0.1", () => resolve(socket));
          }),
      ),
    );
    try {
      const found = await Promise.all(
        sockets.map((socket) =>
          readPeerSocket({ localPort: port, remotePort: socket.localPort ?? 0 }),
        ),
      );
      // Every one is a live socket this process holds, and no two lookups got the same one.
      const held = new Set(
        readdirSync("/proc/self/fd").map((fd) => {
          try {
            return readlinkSync(`/proc/self/fd/${fd}`);
          } catch {
            return "";
          }
        }),
      );
      const inodes = found.map((socket) => socket?.inode);
      expect(inodes.every((inode) => inode !== undefined && held.has(`socket:[${inode}]`))).toBe(
        true,
      );
      expect(new Set(inodes).size).toBe(200);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
