// `elwood acp`: the Agent Client Protocol over stdio (prd/acp.md). Runs until the client
// closes stdin (or a signal), then closes every session so no CLI is left running.
import type { Readable, Writable } from "node:stream";
import { lineDelimitedStream } from "./framing.js";
import { AcpServer, type AcpServerConfig } from "./server.js";

export { acpAgentKind } from "./agent-kinds.js";
export type { AcpServerConfig, LockSession } from "./server.js";

/** The longest JSON-RPC line read: above a 10 MiB prompt, so that one gets a typed error. */
export const ACP_MAX_LINE_BYTES = 64 * 1024 * 1024;

export interface AcpIo {
  readonly stdin: Readable;
  readonly stdout: Writable;
}

const SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;

/** Serves one ACP client on `io`; resolves with the exit status once everything is closed. */
export async function runAcp(config: AcpServerConfig, io: AcpIo): Promise<number> {
  // A client that disappears makes stdout fail (EPIPE): that is the end, not a crash.
  io.stdout.on("error", () => undefined);
  const server = new AcpServer(config);
  const connection = server.app.connect(
    lineDelimitedStream(io.stdin, io.stdout, { maxLineBytes: ACP_MAX_LINE_BYTES }),
  );
  let signalled: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    signalled = signal;
    connection.close();
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  try {
    await connection.closed;
  } finally {
    await server.closeAll();
    for (const signal of SIGNALS) process.off(signal, onSignal);
  }
  return signalled === undefined
    ? 0
    : 128 + (signalled === "SIGHUP" ? 1 : signalled === "SIGINT" ? 2 : 15);
}
