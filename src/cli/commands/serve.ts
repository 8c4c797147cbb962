// `elwood serve`: the local web page and HTTP/SSE/WebSocket API over live sessions
// (README "Watch and steer sessions", prd/serve.md). Runs until a signal; never reads stdin.

import { isLoopbackHost, runServe } from "../../serve/index.js";
import { parseArgs } from "../args/parse.js";
import { usageError } from "../usage-error.js";
import type { CliCommand } from "./command.js";
import { commandHelp } from "./help-text.js";

export const serveCommand: CliCommand = {
  name: "serve",
  summary: "Open a local web page and API to watch and steer live sessions.",
  usage: ["serve [--port <n>] [--host <addr> [--allow-remote]] [--state-dir <dir>]"],
  options: ["help", "port", "host", "allow-remote", "state-dir"],
  details: `The first line printed is the page URL; its #token=… is the bearer token every
API request needs. Ctrl+C kills every session at once; SIGTERM/SIGHUP stop them
gracefully. See the README for the API.

The server stays on loopback: a --host outside 127.0.0.0/8, ::1 and localhost is
refused unless --allow-remote is given, because the API is plain HTTP and its token
would cross the network in clear. To reach it from another machine, prefer an SSH
tunnel that keeps the port: ssh -L <port>:127.0.0.1:<port> <this machine>.

Examples:
  elwood serve
  elwood serve --port 8080`,
  async run(argv, io) {
    const parsed = parseArgs(argv, this.options, "serve");
    if (parsed.options.get("help") === true) {
      io.stdout.write(commandHelp(this));
      return 0;
    }
    if (parsed.positionals.length > 0) {
      throw usageError(
        `\`elwood serve\` takes no words; got ${JSON.stringify(parsed.positionals.join(" "))}.`,
      );
    }
    const port = parsed.options.get("port");
    if (port !== undefined && (typeof port !== "string" || !/^\d{1,5}$/.test(port))) {
      throw usageError(`--port must be a number from 0 to 65535; got ${String(port)}.`);
    }
    const host = parsed.options.get("host");
    const allowRemote = parsed.options.get("allow-remote") === true;
    if (typeof host === "string" && !allowRemote && !isLoopbackHost(host)) {
      throw usageError(
        `--host ${host} is not a loopback address: the server would be reachable from other machines over plain HTTP, with its token in clear. Add --allow-remote to accept that, or keep the default 127.0.0.1 and use an SSH tunnel.`,
      );
    }
    const stateDir = parsed.options.get("state-dir");
    return runServe(
      {
        ...(port === undefined ? {} : { port: Number(port) }),
        ...(typeof host === "string" ? { host } : {}),
        ...(allowRemote ? { allowRemote } : {}),
        ...(typeof stateDir === "string" ? { stateDir } : {}),
      },
      {
        stdout: (line) => io.stdout.write(`${line}\n`),
        stderr: (line) => io.stderr.write(`${line}\n`),
      },
    );
  },
};
