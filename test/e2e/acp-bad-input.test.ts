// `elwood acp` under bad input (issue 45 "Done when" 3): every wrong request gets a
// JSON-RPC error and the connection goes on — unknown method, malformed params, a prompt
// to an unknown session, a second prompt while one runs (refused: prompt_in_progress), a
// 10 MiB prompt (request_too_large, nothing started) — and the stdin framing is fuzzed
// (partial lines, invalid JSON, non-objects, a line over the 64 MiB limit, seeded random
// lines) with the process still answering after it all, exiting 0 when stdin closes and
// leaving no process behind; a client that dies mid-turn leaves none either.
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { describe, expect, test } from "vitest";
import type { ClaudeFixture } from "../support/claude-e2e.js";
import { survivorsInHome } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";
import { elwoodArgv, ROOT } from "../support/serve-process.js";

const newFixture = useRealCliFixture({ trusted: true });

interface RpcReply {
  readonly id?: unknown;
  readonly result?: Record<string, unknown>;
  readonly error?: { code: number; message: string; data?: { name?: string } };
  readonly method?: string;
}

/** `elwood acp` with raw stdin: every line it prints is kept, replies found by id. */
class RawAcp {
  readonly child: ChildProcess;
  readonly lines: RpcReply[] = [];
  readonly exited: Promise<[number | null, NodeJS.Signals | null]>;
  #nextId = 1000;
  #stderr = "";

  constructor(fx: ClaudeFixture) {
    this.child = spawn(
      process.execPath,
      elwoodArgv(["acp", "--agent", "codex", "--state-dir", fx.stateDir]),
      { cwd: ROOT, env: { ...fx.home.env }, stdio: ["pipe", "pipe", "pipe"] },
    );
    this.exited = once(this.child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
    this.child.stderr?.on("data", (chunk: Buffer) => {
      this.#stderr += chunk.toString("utf8");
    });
    this.child.stdin?.on("error", () => undefined);
    if (this.child.stdout === null) throw new Error("no stdout");
    createInterface({ input: this.child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on(
      "line",
      (line) => this.lines.push(JSON.parse(line) as RpcReply),
    );
    fx.defer(async () => {
      if (this.child.exitCode === null && this.child.signalCode === null) {
        this.child.kill("SIGKILL");
        await this.exited;
      }
    });
  }

  get stderr(): string {
    return this.#stderr;
  }

  write(text: string): Promise<void> {
    return new Promise((resolve, reject) =>
      this.child.stdin?.write(text, (error) => (error ? reject(error) : resolve())),
    );
  }

  /** Sends one request; resolves with its reply. */
  async call(method: string, params?: unknown, timeoutMs = 30_000): Promise<RpcReply> {
    this.#nextId += 1;
    const id = this.#nextId;
    await this.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    return this.reply(id, timeoutMs);
  }

  async reply(id: unknown, timeoutMs = 30_000): Promise<RpcReply> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.lines.find((line) => line.id === id && line.method === undefined);
      if (found !== undefined) return found;
      if (Date.now() > deadline)
        throw new Error(`no reply to ${String(id)}; stderr: ${this.#stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Error replies with id null (framing errors) seen so far. */
  nullIdErrors(): RpcReply[] {
    return this.lines.filter((line) => line.id === null && line.error !== undefined);
  }

  alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }
}

/** A small seeded generator, so a failing fuzz run can be repeated. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function fuzzLines(seed: number, count: number): string[] {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const valid = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "session/prompt", params: {} });
  const shapes = [
    () => valid.slice(0, Math.floor(random() * valid.length)),
    () => "{".repeat(1 + Math.floor(random() * 5000)),
    () =>
      Array.from({ length: 40 }, () => String.fromCharCode(Math.floor(random() * 0xffff))).join(""),
    () => JSON.stringify(pick([null, 1, "x", true, [], [1, 2]])),
    () =>
      JSON.stringify({
        jsonrpc: "2.0",
        id: pick([null, -1, "s", 1.5, {}]),
        method: pick(["", "session/new", "session/load", "x"]),
        params: pick([null, 3, "p", [], {}]),
      }),
    () => JSON.stringify({ jsonrpc: "1.0", method: 7 }),
    () => JSON.stringify({ jsonrpc: "2.0", id: 77, result: {} }),
    () => "\u0000\u0001\u0002\r",
  ];
  return Array.from({ length: count }, () => pick(shapes)());
}

const promptLine = (id: string, sessionId: string, text: string): string =>
  `${JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "session/prompt",
    params: { sessionId, prompt: [{ type: "text", text }] },
  })}\n`;

describe("elwood acp: bad input", () => {
  test("C-ACP-06 C-ACP-07: JSON-RPC errors for bad requests, fuzzed framing, 0 crashes and 0 leaked processes", async () => {
    const fx = await newFixture({ cli: "codex" });
    fx.server.turn({
      match: /slow question/,
      steps: [
        { slow: { chunkDelayMs: 500 } },
        { say: "A slow answer being written" },
        { pause: 30_000 },
        { say: "never reached" },
      ],
    });
    const acp = new RawAcp(fx);
    const newSession = { cwd: fx.workspace, mcpServers: [] };

    // Before initialize, requests are refused; then initialize works.
    expect((await acp.call("session/new", newSession)).error?.code).toBe(-32600);
    expect((await acp.call("initialize", { protocolVersion: 1 })).result?.protocolVersion).toBe(1);

    // Unknown method, malformed params, unknown session.
    expect((await acp.call("session/teleport", {})).error?.code).toBe(-32601);
    expect((await acp.call("session/new", { cwd: 5 })).error?.code).toBe(-32602);
    const notAList = await acp.call("session/prompt", { sessionId: "s", prompt: "not a list" });
    expect(notAList.error?.code).toBe(-32602);
    const relative = await acp.call("session/new", { cwd: "relative/dir", mcpServers: [] });
    expect(relative.error).toMatchObject({ code: -32602, data: { name: "invalid_options" } });
    const unknownId = "0f0f0f0f-0000-4000-8000-000000000000";
    const unknown = await acp.call("session/prompt", {
      sessionId: unknownId,
      prompt: [{ type: "text", text: "hello" }],
    });
    expect(unknown.error).toMatchObject({ code: -32602, data: { name: "session_not_found" } });
    const loadUnknown = await acp.call("session/load", { ...newSession, sessionId: unknownId });
    expect(loadUnknown.error?.data?.name).toBe("state_not_found");

    // A 10 MiB prompt is refused before anything starts.
    const created = await acp.call("session/new", newSession);
    const sessionId = created.result?.sessionId as string;
    expect(typeof sessionId).toBe("string");
    const huge = await acp.call("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "x".repeat(10 * 1024 * 1024) }],
    });
    expect(huge.error).toMatchObject({ code: -32602, data: { name: "request_too_large" } });
    // Only elwood acp itself runs: no CLI was started for the refused prompt.
    const running = await survivorsInHome(fx.home.home, 0);
    expect(running.filter((line) => !line.startsWith(`${acp.child.pid} `))).toEqual([]);

    // Framing: a request split across writes, invalid JSON, non-objects, an oversized line.
    const errorsBefore = acp.nullIdErrors().length;
    const split = `${JSON.stringify({ jsonrpc: "2.0", id: "split", method: "session/teleport" })}\n`;
    await acp.write(split.slice(0, 7));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await acp.write(split.slice(7, 30));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await acp.write(split.slice(30));
    expect((await acp.reply("split")).error?.code).toBe(-32601);
    await acp.write('not json at all\n{"jsonrpc":\n[1,2,3]\n42\n\n\r\n');
    await acp.write(`${"y".repeat(65 * 1024 * 1024)}\n`);
    expect((await acp.call("session/teleport", {}, 60_000)).error?.code).toBe(-32601);
    const framing = acp.nullIdErrors().slice(errorsBefore);
    expect(framing.filter((line) => line.error?.code === -32700).length).toBeGreaterThanOrEqual(2);
    expect(framing.some((line) => line.error?.data?.name === "request_too_large")).toBe(true);

    // Seeded random lines: every one gets at most an error, never a crash.
    for (const line of fuzzLines(45, 300)) await acp.write(`${line}\n`);
    expect((await acp.call("session/teleport", {}, 60_000)).error?.code).toBe(-32601);
    expect(acp.alive()).toBe(true);

    // A second prompt while one runs is refused; the first is then cancelled.
    await acp.write(promptLine("slow", sessionId, "slow question"));
    await fx.server.waitForRequest((request) => request.matchedTurn === 0, 90_000);
    const second = await acp.call("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "another one" }],
    });
    expect(second.error).toMatchObject({ code: -32602, data: { name: "prompt_in_progress" } });
    await acp.write(
      `${JSON.stringify({ jsonrpc: "2.0", method: "session/cancel", params: { sessionId } })}\n`,
    );
    expect((await acp.reply("slow", 60_000)).result?.stopReason).toBe("cancelled");

    // Still serving; stdin closes: exit 0 and nothing left.
    expect(acp.alive()).toBe(true);
    acp.child.stdin?.end();
    const [code] = await acp.exited;
    expect(code, acp.stderr).toBe(0);
    expect(await survivorsInHome(fx.home.home)).toEqual([]);
  });

  test("C-ACP-05: a client that dies mid-turn leaves no process behind", async () => {
    const fx = await newFixture({ cli: "codex" });
    fx.server.turn({
      match: /slow question/,
      steps: [
        { slow: { chunkDelayMs: 500 } },
        { say: "A slow answer being written" },
        { pause: 30_000 },
      ],
    });
    const acp = new RawAcp(fx);
    await acp.call("initialize", { protocolVersion: 1 });
    const created = await acp.call("session/new", { cwd: fx.workspace, mcpServers: [] });
    const sessionId = created.result?.sessionId as string;
    await acp.write(promptLine("slow", sessionId, "slow question"));
    await fx.server.waitForRequest((request) => request.matchedTurn === 0, 90_000);
    // The client is gone: both pipes close at once, nothing is read any more.
    acp.child.stdout?.destroy();
    acp.child.stdin?.destroy();
    const [code] = await acp.exited;
    expect(code).toBe(0);
    expect(await survivorsInHome(fx.home.home)).toEqual([]);
  });
});
