// The ACP line framing (prd/acp.md "Framing"): messages split across chunks arrive whole,
// bad lines get JSON-RPC errors with id null, an oversized line is dropped up to its
// newline, and the stream goes on after each; stdin's end ends the message stream.
import { PassThrough } from "node:stream";
import type { AnyMessage } from "@agentclientprotocol/sdk";
import { describe, expect, test } from "vitest";
import { lineDelimitedStream } from "../../../src/acp/framing.js";

function harness(maxLineBytes = 64) {
  const input = new PassThrough();
  const output = new PassThrough();
  const written: string[] = [];
  output.on("data", (chunk: Buffer) =>
    written.push(...chunk.toString("utf8").split("\n").filter(Boolean)),
  );
  const stream = lineDelimitedStream(input, output, { maxLineBytes });
  const reader = stream.readable.getReader();
  const read = async (): Promise<AnyMessage | undefined> => (await reader.read()).value;
  const errors = () =>
    written.map(
      (line) =>
        JSON.parse(line) as { id: unknown; error?: { code: number; data?: { name?: string } } },
    );
  return { input, stream, read, errors, reader };
}

const request = (id: number) => JSON.stringify({ jsonrpc: "2.0", id, method: "m" });

describe("ACP line framing", () => {
  test("C-ACP-07: a message split across chunks arrives once, whole", async () => {
    const { input, read } = harness();
    const line = `${request(1)}\n`;
    input.write(line.slice(0, 5));
    input.write(line.slice(5, 20));
    input.write(line.slice(20));
    expect(await read()).toEqual({ jsonrpc: "2.0", id: 1, method: "m" });
  });

  test("C-ACP-07: invalid JSON is -32700, a non-object -32600, and the next line still arrives", async () => {
    const { input, read, errors } = harness();
    input.write(`not json\n[1]\n42\n\n  \r\n${request(2)}\r\n`);
    expect(await read()).toEqual({ jsonrpc: "2.0", id: 2, method: "m" });
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors().map((line) => [line.id, line.error?.code])).toEqual([
      [null, -32700],
      [null, -32600],
      [null, -32600],
    ]);
  });

  test("C-ACP-07: a line over the limit is dropped up to its newline with request_too_large", async () => {
    const { input, read, errors } = harness(64);
    input.write("x".repeat(50));
    input.write("y".repeat(50));
    input.write("z".repeat(50));
    input.write(`tail\n${request(3)}\n`);
    expect(await read()).toEqual({ jsonrpc: "2.0", id: 3, method: "m" });
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors()).toHaveLength(1);
    expect(errors()[0]?.error).toMatchObject({ code: -32600, data: { name: "request_too_large" } });
  });

  test("a last line without a newline is read at the end, then the stream ends", async () => {
    const { input, read } = harness();
    input.end(request(4));
    expect(await read()).toEqual({ jsonrpc: "2.0", id: 4, method: "m" });
    expect(await read()).toBeUndefined();
  });

  test("messages written go out one per line", async () => {
    const output = new PassThrough();
    const stream = lineDelimitedStream(new PassThrough(), output, { maxLineBytes: 64 });
    const writer = stream.writable.getWriter();
    await writer.write({ jsonrpc: "2.0", method: "a" });
    await writer.write({ jsonrpc: "2.0", method: "b" });
    expect(output.read().toString("utf8")).toBe(
      '{"jsonrpc":"2.0","method":"a"}\n{"jsonrpc":"2.0","method":"b"}\n',
    );
  });
});
