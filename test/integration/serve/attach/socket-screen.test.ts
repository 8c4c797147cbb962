// The terminal socket as `elwood attach` reads it (issue 25, prd/serve.md "Terminal
// socket"), against a real ws server on loopback: output sent before the takeover
// subscribes is kept for it in order, keys go out binary and resizes as JSON, and each
// way a connection ends — the exit notice, close 1000, close 1001, anything else — becomes
// the ending `elwood attach` prints (exit 1), the first one winning.
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { SocketScreen } from "../../../../src/serve/attach/socket-screen.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A server whose one connection the test drives, and a SocketScreen connected to it. */
async function connected() {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  cleanups.push(() => server.close());
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const peer = new Promise<WebSocket>((resolve) => server.once("connection", resolve));
  const socket = new WebSocket(`ws://127.0.0.1:${port}/`);
  const screen = new SocketScreen(socket);
  cleanups.push(() => screen.close());
  const remote = await peer;
  const received: { data: string; isBinary: boolean }[] = [];
  remote.on("message", (data, isBinary) => received.push({ data: String(data), isBinary }));
  await new Promise((resolve) => socket.once("open", resolve));
  return { screen, remote, received };
}

const until = async (condition: () => boolean) => {
  for (const deadline = Date.now() + 5000; !condition() && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(condition()).toBe(true);
};

describe("SocketScreen", () => {
  it("C-ATTACH-01: output before the subscription is kept in order; keys go binary, resizes as JSON", async () => {
    const { screen, remote, received } = await connected();
    remote.send(Buffer.from("replay-1"), { binary: true });
    remote.send(Buffer.from("replay-2"), { binary: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const chunks: string[] = [];
    screen.onOutput((chunk) => chunks.push(Buffer.from(chunk).toString("utf8")));
    expect(chunks).toEqual(["replay-1", "replay-2"]);
    remote.send(Buffer.from("live"), { binary: true });
    await until(() => chunks.length === 3);
    expect(chunks[2]).toBe("live");

    screen.resize({ cols: 90, rows: 33 });
    screen.sendKeys(new Uint8Array(Buffer.from("typed")));
    await until(() => received.length === 2);
    expect(received).toEqual([
      { data: JSON.stringify({ type: "resize", cols: 90, rows: 33 }), isBinary: false },
      { data: "typed", isBinary: true },
    ]);
  });

  it.each([
    [
      "the exit notice (then close 1000)",
      (remote: WebSocket) => {
        remote.send(JSON.stringify({ type: "exit", exitCode: 7 }));
        remote.close(1000, "session closed");
      },
      { reason: "ended", message: "The session ended: its agent exited (code 7)." },
    ],
    [
      "close 1000",
      (remote: WebSocket) => remote.close(1000, "session closed"),
      { reason: "ended", message: "The session was closed on the server (stopped or deleted)." },
    ],
    [
      "close 1001",
      (remote: WebSocket) => remote.close(1001, "server closing"),
      {
        reason: "ended",
        message: "The server is shutting down; the session was stopped with it.",
      },
    ],
  ])("C-ATTACH-09: %s ends the attachment with its reason", async (_what, end, expected) => {
    const { screen, remote } = await connected();
    const endings: unknown[] = [];
    screen.onEnding((ending) => endings.push(ending));
    end(remote);
    await until(() => endings.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(endings).toEqual([expected]);
  });

  it("C-ATTACH-09: any other close is a failure naming the code and the server's last error", async () => {
    const { screen, remote } = await connected();
    remote.send(JSON.stringify({ type: "error", error: { name: "x", message: "it broke" } }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    remote.close(4000, "odd");
    let ending: { reason?: string; error?: Error } | undefined;
    await until(() => {
      screen.onEnding((value) => {
        ending = value as typeof ending;
      });
      return ending !== undefined;
    });
    expect(ending?.reason).toBe("failed");
    expect(ending?.error?.message).toBe(
      "Lost the connection to the server: close code 4000 (last server error: it broke).",
    );
  });
});
