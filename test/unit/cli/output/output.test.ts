// Output formats (C-CLI-10/11/12): text separators and trailing newline, --stream,
// one JSON document, JSONL records with seq/elapsedMs, and a quiet EPIPE.
import { PassThrough, Writable } from "node:stream";
import { describe, expect, test } from "vitest";
import { ProtocolOutput } from "../../../../src/cli/io/output.js";
import { joinPrompt, readPipedStdin } from "../../../../src/cli/io/stdin.js";
import { JsonSink } from "../../../../src/cli/output/json-sink.js";
import { JsonlSink } from "../../../../src/cli/output/jsonl-sink.js";
import type { RunOutcome } from "../../../../src/cli/output/sink.js";
import { TextSink } from "../../../../src/cli/output/text-sink.js";

function capture(): { out: ProtocolOutput; text: () => string } {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return { out: new ProtocolOutput(stream), text: () => chunks.join("") };
}

const outcome: RunOutcome = {
  exitCode: 0,
  agent: "claude",
  response: "one\n\ntwo",
  sessionId: "s-1",
  durationMs: 1234.6,
  cleanup: { status: "kept" },
};

describe("text", () => {
  test("C-CLI-10: the combined reply plus one newline; an empty reply is 0 bytes", async () => {
    const a = capture();
    const sink = new TextSink(a.out, { stream: false });
    await sink.event({ type: "text", text: "one" }, 1);
    await sink.finish(outcome);
    expect(a.text()).toBe("one\n\ntwo\n");
    const b = capture();
    await new TextSink(b.out, { stream: false }).finish({ ...outcome, response: "" });
    expect(b.text()).toBe("");
  });

  test("C-CLI-10: --stream writes each message once as it arrives, blank-line separated", async () => {
    const a = capture();
    const sink = new TextSink(a.out, { stream: true });
    await sink.event({ type: "thinking", text: "hmm" }, 1);
    await sink.event({ type: "text", text: "one" }, 2);
    expect(a.text()).toBe("one");
    await sink.event({ type: "text", text: "two" }, 3);
    await sink.finish({ ...outcome, exitCode: 1, error: { code: "agent_exited", message: "x" } });
    expect(a.text()).toBe("one\n\ntwo\n");
  });
});

describe("json and jsonl", () => {
  test("C-CLI-11: --output json is one v1 document with an integer duration", async () => {
    const a = capture();
    await new JsonSink(a.out).finish(outcome);
    expect(a.text().endsWith("\n")).toBe(true);
    expect(JSON.parse(a.text())).toEqual({
      schemaVersion: 1,
      type: "result",
      agent: "claude",
      response: "one\n\ntwo",
      sessionId: "s-1",
      durationMs: 1235,
      cleanup: { status: "kept" },
    });
  });

  test("C-CLI-11: an error document keeps partial output and names the code", async () => {
    const a = capture();
    await new JsonSink(a.out).finish({
      ...outcome,
      exitCode: 124,
      agent: null,
      error: { code: "timeout", message: "late" },
    });
    expect(JSON.parse(a.text())).toMatchObject({
      type: "error",
      agent: null,
      exitCode: 124,
      response: "one\n\ntwo",
      error: { code: "timeout", message: "late" },
    });
  });

  test("C-CLI-11: jsonl records are sequenced, each with elapsedMs, ending in one result", async () => {
    const a = capture();
    const sink = new JsonlSink(a.out);
    await sink.event({ type: "status", status: "running" }, 10.2);
    await sink.event({ type: "tool", phase: "call", name: "Bash" }, 20);
    await sink.event({ type: "warning", code: "reap_failed", message: "m" }, 30);
    await sink.finish(outcome);
    const lines = a
      .text()
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.seq, line.type, line.elapsedMs])).toEqual([
      [0, "status", 10],
      [1, "tool", 20],
      [2, "warning", 30],
      [3, "result", 1235],
    ]);
    expect(lines[1]).toEqual({
      schemaVersion: 1,
      type: "tool",
      phase: "call",
      name: "Bash",
      seq: 1,
      elapsedMs: 20,
    });
  });
});

describe("usage (C-USAGE-04)", () => {
  const usage = {
    inputTokens: 1201,
    outputTokens: 37,
    cacheReadTokens: 503,
    cacheWriteTokens: 71,
    reasoningTokens: 0,
  };

  test("C-USAGE-04: json adds the run's usage; without any, the document has none", async () => {
    const a = capture();
    await new JsonSink(a.out).finish({ ...outcome, usage });
    expect(JSON.parse(a.text()).usage).toEqual(usage);
    const b = capture();
    await new JsonSink(b.out).finish(outcome);
    expect(JSON.parse(b.text())).not.toHaveProperty("usage");
  });

  test("C-USAGE-04: jsonl writes one usage record just before the result; none without usage", async () => {
    const a = capture();
    const sink = new JsonlSink(a.out);
    await sink.event({ type: "status", status: "running" }, 10);
    await sink.finish({ ...outcome, usage });
    const lines = a
      .text()
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.type)).toEqual(["status", "usage", "result"]);
    expect(lines[1]).toEqual({ schemaVersion: 1, type: "usage", usage, seq: 1, elapsedMs: 1235 });
    const b = capture();
    await new JsonlSink(b.out).finish(outcome);
    expect(b.text().includes('"usage"')).toBe(false);
  });
});

describe("the protocol stream", () => {
  test("C-CLI-12: EPIPE stops output quietly", async () => {
    const broken = new Writable({
      write(_chunk, _encoding, callback) {
        callback(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
      },
    });
    const out = new ProtocolOutput(broken);
    await out.write("first\n");
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.closed).toBe(true);
    await out.write("second\n");
    await out.flush();
  });

  test("C-CLI-12: a slow consumer holds the writer at its high-water mark; nothing is lost or reordered", async () => {
    const accepted: string[] = [];
    const pending: (() => void)[] = [];
    // A consumer that takes one chunk and then waits until the test lets it go on.
    const slow = new Writable({
      highWaterMark: 16,
      write(chunk: Buffer, _encoding, callback) {
        accepted.push(chunk.toString());
        pending.push(() => callback());
      },
    });
    const out = new ProtocolOutput(slow);
    const records = Array.from({ length: 5 }, (_, i) => `{"seq":${i},"pad":"${"x".repeat(20)}"}\n`);
    let written = 0;
    const writer = (async () => {
      for (const record of records) {
        await out.write(record);
        written += 1;
      }
    })();
    await new Promise((resolve) => setImmediate(resolve));
    // Over the mark after the first record: the writer waits for the consumer.
    expect(written).toBe(0);
    expect(accepted).toHaveLength(1);
    while (written < records.length) {
      pending.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    while (pending.length > 0) {
      pending.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await writer;
    expect(accepted.join("")).toBe(records.join(""));
  });
});

describe("prompt input", () => {
  test("C-CLI-04: words, then piped text after one blank line", () => {
    expect(joinPrompt(["fix", "this"], "log line\n")).toBe("fix this\n\nlog line");
    expect(joinPrompt([], "only piped\n\n")).toBe("only piped");
    expect(joinPrompt(["words"], "  \n")).toBe("words");
  });

  test("C-CLI-04: a terminal is never read; the cap holds while reading", async () => {
    const tty = Object.assign(new PassThrough(), { isTTY: true });
    tty.write("typed");
    expect(await readPipedStdin(tty, 100)).toBe("");
    const piped = new PassThrough();
    piped.end("x".repeat(101));
    await expect(readPipedStdin(piped, 100)).rejects.toThrow(/larger than 8 MiB/);
  });
});
