// `elwood attach <session-id>`: this terminal takes over a session live on a running
// `elwood serve` (issue 25, prd/cli.md "elwood attach") until the detach key; the session
// keeps running after. The work is in src/serve/attach/ (it speaks the server's socket).
import { ATTACH_EXIT, runAttach } from "../../serve/index.js";
import { parseArgs } from "../args/parse.js";
import { usageError } from "../usage-error.js";
import type { CliCommand } from "./command.js";
import { commandHelp } from "./help-text.js";

export const attachCommand: CliCommand = {
  name: "attach",
  summary: "Take over a session live in `elwood serve` from this terminal.",
  usage: ["attach [--read-only] [--detach-key ctrl-<key>] [--url <url>] <session-id>"],
  options: ["help", "read-only", "detach-key", "url"],
  details: `The screen is redrawn from the session's replay at this terminal's size (the
session's terminal takes this size, as a page's does), keys go to the agent, and window
size changes follow. Ctrl-] (or --detach-key) gives the terminal back and leaves the
session running; several terminals and pages may watch one session at once, and the last
one resized sets its size. --read-only watches without typing or resizing: keys other
than the detach key are dropped here, and the server refuses input on that connection.

The server is found through the private file each \`elwood serve\` keeps while it runs
($XDG_RUNTIME_DIR/elwood, else <tmp>/elwood-<uid>/serve); --url names another server,
whose token goes in ELWOOD_SERVE_TOKEN (never on the command line).

Needs a terminal on stdin and stdout. Exit status: ${ATTACH_EXIT.detached} detached; ${ATTACH_EXIT.ended} the session
ended or the connection broke while attached (the reason is printed); 2 no server,
unknown session, no terminal or a bad --detach-key. SIGINT, SIGTERM and SIGHUP sent
to elwood detach (Ctrl-C typed here goes to the agent).

Examples:
  elwood sessions
  elwood attach 1f0c…e2
  elwood attach --read-only --detach-key ctrl-q 1f0c…e2
  ELWOOD_SERVE_TOKEN=… elwood attach --url http://127.0.0.1:4173 1f0c…e2`,
  async run(argv, io) {
    const parsed = parseArgs(argv, this.options, "attach");
    if (parsed.options.get("help") === true) {
      io.stdout.write(commandHelp(this));
      return 0;
    }
    const [sessionId, ...extra] = parsed.positionals;
    if (sessionId === undefined || extra.length > 0) {
      throw usageError(
        "`elwood attach` takes one session id (`elwood sessions` lists them); see `elwood attach --help`.",
      );
    }
    const detachKey = parsed.options.get("detach-key");
    const url = parsed.options.get("url");
    return runAttach(
      {
        sessionId,
        readOnly: parsed.options.get("read-only") === true,
        ...(typeof detachKey === "string" ? { detachKey } : {}),
        ...(typeof url === "string" ? { url } : {}),
      },
      { stdin: io.stdin, stdout: io.stdout, stderr: io.stderr, env: io.env },
    );
  },
};
