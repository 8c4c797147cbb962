// Decides, once per process and bash binary, whether the bash client can run here: a
// tiny bash probe connects to a throwaway loopback listener through /dev/tcp. Where it
// cannot (bash built without net redirections), the Node client is used instead.

import { execFile } from "node:child_process";
import { createServer, type Socket } from "node:net";
import type { HookClientKind } from "./command.js";

const PROBE_TIMEOUT_MS = 5_000;
const probes = new Map<string, Promise<boolean>>();

export interface HookClientChoice {
  readonly client: HookClientKind;
  /** The interpreter to pass to commandHookCommand. */
  readonly interpreter: string;
}

/** Pick the bash client when `bashPath` supports /dev/tcp, else the Node client. */
export async function chooseHookClient(
  options: { readonly bashPath?: string } = {},
): Promise<HookClientChoice> {
  const bashPath = options.bashPath ?? "bash";
  if (await bashHasDevTcp(bashPath)) return { client: "bash", interpreter: bashPath };
  return { client: "node", interpreter: process.execPath };
}

/** Cached per process: concurrent callers share one probe. Never rejects. */
export function bashHasDevTcp(bashPath = "bash"): Promise<boolean> {
  let probe = probes.get(bashPath);
  if (probe === undefined) {
    probe = runProbe(bashPath);
    probes.set(bashPath, probe);
  }
  return probe;
}

function runProbe(bashPath: string): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let isDone = false;
    const sockets = new Set<Socket>();
    const listener = createServer((socket) => {
      sockets.add(socket);
      socket.on("data", (data) => {
        if (data.toString("latin1").includes("ok")) done(true);
      });
      socket.on("error", () => {});
    });
    const done = (result: boolean): void => {
      if (isDone) return;
      isDone = true;
      for (const socket of sockets) socket.destroy();
      listener.close();
      resolve(result);
    };
    listener.on("error", () => done(false));
    listener.listen({ host: "127.0.0.1", port: 0 }, () => {
      const address = listener.address();
      if (address === null || typeof address === "string") return done(false);
      const script = `exec 3<>/dev/tcp/127.0.0.1/${address.port} && printf ok >&3`;
      // The listener decides success; the exit only settles the probe when nothing came.
      execFile(bashPath, ["-c", script], { timeout: PROBE_TIMEOUT_MS }, () => {
        setTimeout(() => done(false), 200);
      });
    });
  });
}
