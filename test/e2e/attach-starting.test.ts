// A person's keys wait for a session that can take them (issue 47 "Done when" 2,
// prd/serve.md "Terminal socket"): `elwood attach <id>` run right after `POST
// /api/sessions` answered 201, while the CLI is still starting, says so, and a prompt typed
// at once is held by the server and typed into the session once it is ready — answered on
// the attached screen, never lost (Codex drops input that arrives during its start-up).
// Every agent of the one table (support/agent-table.ts): real pinned CLIs against the
// scripted model server, the built `elwood` in a real PTY.
import { describe, expect, test } from "vitest";
import { AGENT_ROWS } from "../support/agent-table.js";
import { token } from "../support/claude-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";
import { ServeClient } from "../support/serve-client.js";
import {
  elwoodArgv,
  PtyRun,
  privateRuntimeDir,
  startServeProcess,
} from "../support/serve-process.js";

const newFixture = useRealCliFixture();

describe.each(AGENT_ROWS)("elwood attach while $agent starts", (row) => {
  const { agent } = row;
  test(`C-ATTACH-01: ${agent}: attached right after POST /api/sessions, the person is told it is starting, and a prompt typed at once is answered once it is ready`, async () => {
    const fx = await newFixture(row.fixture);
    const runtime = await privateRuntimeDir();
    fx.defer(runtime.cleanup);
    const env = { ...fx.home.env, XDG_RUNTIME_DIR: runtime.path };
    const serve = await startServeProcess({ env, stateDir: fx.stateDir });
    fx.defer(() => {
      if (serve.child.exitCode === null) serve.child.kill("SIGKILL");
    });
    const client = new ServeClient(serve.url, serve.token);
    const reply = token("Held reply");
    fx.server.turn({ match: /typed while it started/, steps: [{ say: reply }] });

    const started = await client.call("POST", "/api/sessions", {
      agent,
      cwd: fx.workspace,
      autotrust: true,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const id = started.body.id as string;
    const attach = new PtyRun(process.execPath, elwoodArgv(["attach", id]), {
      env,
      cols: 112,
      rows: 36,
    });
    fx.defer(() => attach.kill());
    await attach.waitForOutput(`attached to ${id} (${agent}); press Ctrl-] to detach.`);
    // Typed at once, as a person would: the line, then Enter a moment later.
    attach.write("typed while it started");
    await new Promise((resolve) => setTimeout(resolve, 700));
    attach.write("\r");
    // Gemini reads a line and an Enter that reach it together as a paste and takes the
    // Enter as a newline (its 40 ms unsafe-paste window, by a clock that runs seconds late
    // on a starved machine; prd/gemini.md "Under load"). The held keys went in, with the
    // person's gap; the line is staged with an empty row under it, and a person looking at
    // that screen presses Enter again. Only then: an Enter on a prompt that was taken would
    // be typed into the reply's turn.
    const answered = (text: string) => text.includes(reply);
    const staged =
      agent !== "gemini"
        ? ""
        : await attach
            .waitForScreen((text) => answered(text) || stagedWithNewline(text), 30_000)
            .catch(() => "");
    if (staged !== "" && !answered(staged) && stagedWithNewline(staged)) attach.write("\r");
    await attach.waitForScreen(answered, 90_000);
    // A CLI that was ready before the socket opened takes the keys as they come, and
    // nothing is held or said; one still starting says so, and says when it is ready:
    // "what you typed while it started was typed into it" once keys were held, or only
    // "is ready." when it got there before the first key (seen on a loaded machine).
    if (attach.output.includes(`Session ${id} is still starting; what you type is held`)) {
      await attach.waitForOutput(`Session ${id} is ready`);
    }
    const asked = fx.server.requests.filter(
      (request) =>
        !request.isAuxiliary && JSON.stringify(request.body).includes("typed while it started"),
    );
    expect(asked.length).toBeGreaterThan(0);
    attach.write("\x1d");
    await attach.exited;
    expect((await client.call("DELETE", `/api/sessions/${id}`)).status).toBeLessThan(300);
  });
});

/** The typed line staged in the composer with an empty row under it: an Enter read as a newline. */
function stagedWithNewline(screen: string): boolean {
  const rows = screen.split("\n");
  const at = rows.findLastIndex((row) => /^\s*>\s+typed while it started\s*$/.test(row));
  return (
    at >= 0 && rows.length > at + 2 && rows[at + 1]?.trim() === "" && rows[at + 2]?.trim() === ""
  );
}
