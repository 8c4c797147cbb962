// `elwood serve [--port N] [--host H] [--state-dir P]`: starts the server, prints the
// page URL as the first stdout line, and on SIGINT kills every session at once, on
// SIGTERM/SIGHUP stops them gracefully, then exits. It never reads stdin.
import { ElwoodError } from "../errors.js";
import { isLoopbackHost, type ServeOptions } from "./options.js";
import { startServe } from "./server.js";

export interface ServeIo {
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
}

/** A graceful stop that has not finished by then becomes a kill. */
const GRACEFUL_STOP_MS = 10_000;

export const SERVE_USAGE = `Usage: elwood serve [--port N] [--host 127.0.0.1] [--state-dir PATH]

Starts a local web page and JSON/SSE/WebSocket API over live Claude and Codex sessions.
The first line printed is the page URL; its #token=… is the bearer token for the API.`;

export function parseServeArgs(argv: readonly string[]): ServeOptions | "help" {
  const options: { port?: number; host?: string; stateDir?: string } = {};
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? "";
    if (arg === "--help" || arg === "-h") return "help";
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s) : [arg];
    const value = () => {
      if (inline === undefined) index += 1;
      const next = inline ?? argv[index];
      if (next === undefined || next === "") {
        throw new ElwoodError("invalid_options", `${flag} needs a value.\n\n${SERVE_USAGE}`);
      }
      return next;
    };
    if (flag === "--port") {
      const text = value();
      if (!/^\d{1,5}$/.test(text)) {
        throw new ElwoodError("invalid_options", `--port must be a number; got ${text}.`);
      }
      options.port = Number(text);
    } else if (flag === "--host") options.host = value();
    else if (flag === "--state-dir") options.stateDir = value();
    else {
      throw new ElwoodError("invalid_options", `Unknown argument ${arg}.\n\n${SERVE_USAGE}`, {
        details: { argument: arg },
      });
    }
  }
  return options;
}

/** Runs until a signal; resolves with the process exit code. */
export async function runServe(argv: readonly string[], io: ServeIo): Promise<number> {
  const parsed = parseServeArgs(argv);
  if (parsed === "help") {
    io.stdout(SERVE_USAGE);
    return 0;
  }
  const server = await startServe(parsed);
  io.stdout(`Elwood web: ${server.pageUrl}`);
  if (!isLoopbackHost(parsed.host ?? "127.0.0.1")) {
    io.stderr(`warning: listening on ${parsed.host}, reachable beyond this machine.`);
  }
  io.stderr("Press Ctrl+C to stop every session and exit.");

  return new Promise<number>((resolve) => {
    let shuttingDown = false;
    const finish = (force: boolean, signal: NodeJS.Signals) => {
      if (shuttingDown && !force) return;
      shuttingDown = true;
      const deadline = setTimeout(() => void server.close({ force: true }), GRACEFUL_STOP_MS);
      deadline.unref();
      server
        .close({ force })
        .catch((error: unknown) => io.stderr(`closing failed: ${String(error)}`))
        .finally(() => {
          clearTimeout(deadline);
          for (const [name, handler] of handlers) process.off(name, handler);
          resolve(signal === "SIGINT" ? 130 : 0);
        });
    };
    const handlers: [NodeJS.Signals, () => void][] = [
      ["SIGINT", () => finish(true, "SIGINT")],
      ["SIGTERM", () => finish(false, "SIGTERM")],
      ["SIGHUP", () => finish(false, "SIGHUP")],
    ];
    for (const [name, handler] of handlers) process.on(name, handler);
  });
}
