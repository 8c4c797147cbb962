// Starts the soak's model servers in a child process (model-server-child.ts) and hands
// back their URLs; close() ends the child and returns its request counts.

import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { AgentHomeServer } from "../../../src/testing/index.js";

const CHILD = fileURLToPath(new URL("./model-server-child.ts", import.meta.url));

export interface ServerSummary {
  readonly requests: number;
  readonly unmatched: number;
  readonly httpErrors: number;
}

export interface RemoteServers {
  readonly servers: readonly AgentHomeServer[];
  close(): Promise<ServerSummary>;
}

export async function startRemoteServers(count: number): Promise<RemoteServers> {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD, String(count)], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout });
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done === true) throw new Error("the soak model-server child exited before its URLs");
  const servers = JSON.parse(first.value) as AgentHomeServer[];
  return {
    servers,
    async close() {
      child.stdin.end();
      const last = await iterator.next();
      lines.close();
      await new Promise((resolve) => {
        if (child.exitCode !== null) resolve(undefined);
        else child.once("exit", resolve);
      });
      return last.done === true
        ? { requests: Number.NaN, unmatched: Number.NaN, httpErrors: Number.NaN }
        : (JSON.parse(last.value) as ServerSummary);
    },
  };
}
