// The body of `elwood serve` (registered in src/cli/commands/serve.ts): starts the server,
// prints the page URL as the first stdout line, and on SIGINT kills every session at once,
// on SIGTERM, SIGHUP or SIGTTIN (lifecycle §3) stops them gracefully, then resolves with
// the exit status. It never reads stdin.
import { writeServerFile } from "./discovery/runtime-files.js";
import { isLoopbackHost, type ServeOptions } from "./options.js";
import { startServe } from "./server.js";

export interface ServeIo {
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
}

/** A graceful stop that has not finished by then becomes a kill. */
const GRACEFUL_STOP_MS = 10_000;

/** Runs until a signal; resolves with the process exit status (130 after SIGINT). */
export async function runServe(options: ServeOptions, io: ServeIo): Promise<number> {
  const server = await startServe(options);
  // Local clients (`elwood attach`, `elwood sessions`) find the server without a pasted
  // token: the file is there before the URL is printed and goes when the server does.
  // Without it, attach needs --url.
  const serverFile = await writeServerFile({ url: server.url, token: server.token }).catch(
    (error: unknown) => {
      io.stderr(
        `warning: ${error instanceof Error ? error.message : String(error)} \`elwood attach\` will need --url and ELWOOD_SERVE_TOKEN.`,
      );
      return undefined;
    },
  );
  const removeOnExit = () => serverFile?.removeSync();
  process.once("exit", removeOnExit);
  io.stdout(`Elwood web: ${server.pageUrl}`);
  if (!isLoopbackHost(options.host ?? "127.0.0.1")) {
    io.stderr(
      `warning: listening on ${options.host} (--allow-remote), reachable beyond this machine over plain HTTP: the bearer token travels in clear, and anyone who reads it can start agents and type into them. Prefer the default 127.0.0.1 with an SSH tunnel (ssh -L ${server.port}:127.0.0.1:${server.port}).`,
    );
  }
  io.stderr("Press Ctrl+C to stop every session and exit.");

  return new Promise<number>((resolve) => {
    let shuttingDown = false;
    const finish = (force: boolean, signal: NodeJS.Signals) => {
      if (shuttingDown && !force) return;
      shuttingDown = true;
      // Gone first, so no new client finds a server that is closing.
      const removed = serverFile?.remove();
      const deadline = setTimeout(() => void server.close({ force: true }), GRACEFUL_STOP_MS);
      deadline.unref();
      server
        .close({ force })
        .catch((error: unknown) => io.stderr(`closing failed: ${String(error)}`))
        .finally(async () => {
          await removed;
          process.off("exit", removeOnExit);
          clearTimeout(deadline);
          for (const [name, handler] of handlers) process.off(name, handler);
          resolve(signal === "SIGINT" ? 130 : 0);
        });
    };
    const handlers: [NodeJS.Signals, () => void][] = [
      ["SIGINT", () => finish(true, "SIGINT")],
      ["SIGTERM", () => finish(false, "SIGTERM")],
      ["SIGHUP", () => finish(false, "SIGHUP")],
      ["SIGTTIN", () => finish(false, "SIGTTIN")],
    ];
    for (const [name, handler] of handlers) process.on(name, handler);
  });
}
