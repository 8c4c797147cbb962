// `elwood attach` against the real CLIs (issue 25 "Done when" 1 and 3): with `elwood serve`
// running a session, `elwood attach <id>` in a real PTY shows the agent's screen at its own
// size; a prompt typed there is answered there; Ctrl-] hands the terminal back (exit 0,
// cooked mode again) with the session still ready for an API `send`; `--read-only` types
// nothing, and the server refuses keys on a read-only socket whatever the client does. The
// server's discovery file is 0600 in a 0700 folder and gone after SIGINT and SIGTERM.
// Every agent of the one table (support/agent-table.ts), real pinned CLIs against the
// scripted model server, the built `elwood` in a real PTY.
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import WebSocket from "ws";
import { AGENT_ROWS } from "../support/agent-table.js";
import { token } from "../support/claude-e2e.js";
import { survivorsInHome } from "../support/process-table.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";
import { ServeClient } from "../support/serve-client.js";
import {
  elwoodArgv,
  PtyRun,
  privateRuntimeDir,
  runElwood,
  startServeProcess,
} from "../support/serve-process.js";

const newFixture = useRealCliFixture({ trusted: true });
// What a terminal gets back on every ending: main screen, cursor shown, plain attributes,
// no bracketed paste, mouse or focus reporting, normal cursor keys, kitty keyboard popped.
const RESTORE =
  "\x1b[?1049l\x1b[?25h\x1b[0m\x1b[?2004l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1004l\x1b[?1l\x1b>\x1b[<u";

/** The run's output just before `elwood: <notice>` ends with the restore sequence. */
function restoredBefore(output: string, notice: string): boolean {
  const at = output.lastIndexOf(`elwood: ${notice}`);
  return at > 0 && output.slice(0, at).trimEnd().endsWith(RESTORE);
}
const COLS = 112;
const ROWS = 36;

async function statusOf(client: ServeClient, id: string): Promise<string> {
  return String((await client.call("GET", `/api/sessions/${id}`)).body.status);
}

async function untilStatus(client: ServeClient, id: string, status: string): Promise<string> {
  let now = await statusOf(client, id);
  for (const deadline = Date.now() + 90_000; now !== status && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    now = await statusOf(client, id);
  }
  return now;
}

const promptsSeen = (fx: { server: { requests: readonly { body: unknown }[] } }, text: string) =>
  fx.server.requests.filter((request) => JSON.stringify(request.body).includes(text)).length;

/**
 * How the session ends under a last viewer: the server stops on SIGINT (exit 130) while the
 * viewer is attached, or it is deleted through the API and the server then stops on SIGTERM
 * (exit 0). Both paths are the server's and not the agent's, so the rows take them in turn
 * by index (every path is run, twice over four agents) rather than every agent both.
 */
const ENDINGS = [
  { stopSignal: "SIGINT", exitCode: 130, endedBy: "server" },
  { stopSignal: "SIGTERM", exitCode: 0, endedBy: "delete" },
] as const satisfies readonly {
  stopSignal: NodeJS.Signals;
  exitCode: number;
  endedBy: "delete" | "server";
}[];

const cases = AGENT_ROWS.map((row, index) => ({
  row,
  agent: row.agent,
  ...(ENDINGS[index % ENDINGS.length] as (typeof ENDINGS)[number]),
}));

describe.each(cases)(
  "elwood attach to a live $agent session",
  ({ row, agent, stopSignal, exitCode, endedBy }) => {
    test(`C-ATTACH-01 C-ATTACH-02 C-ATTACH-03 C-ATTACH-06 C-ATTACH-08 C-ATTACH-09: ${agent}'s screen at the attaching terminal's size, a typed prompt answered there, Ctrl-] detaches leaving it ready, --read-only types nothing, a session ending under a viewer (${endedBy}) restores its terminal and exits 1; the discovery file is private and gone after ${stopSignal}`, async () => {
      const fx = await newFixture(row.fixture);
      const runtime = await privateRuntimeDir();
      fx.defer(runtime.cleanup);
      const env = { ...fx.home.env, XDG_RUNTIME_DIR: runtime.path };
      const serve = await startServeProcess({ env, stateDir: fx.stateDir });
      fx.defer(() => {
        if (serve.child.exitCode === null) serve.child.kill("SIGKILL");
      });

      // The discovery file: 0600, in a 0700 folder of its own, naming this server.
      const folder = join(runtime.path, "elwood");
      expect((await stat(folder)).mode & 0o777).toBe(0o700);
      const files = await readdir(folder);
      expect(files).toEqual([`serve-${serve.child.pid}.json`]);
      expect((await stat(join(folder, files[0] ?? ""))).mode & 0o777).toBe(0o600);

      const client = new ServeClient(serve.url, serve.token);
      const reply = token("Attach reply");
      const later = token("After detach");
      fx.server.turn({ match: /typed through attach/, steps: [{ say: reply }] });
      fx.server.turn({ match: /sent after detach/, steps: [{ say: later }] });
      const started = await client.call("POST", "/api/sessions", {
        agent,
        cwd: fx.workspace,
        autotrust: true,
      });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const id = started.body.id as string;
      expect(await untilStatus(client, id, "ready")).toBe("ready");

      // Attach inside a real PTY; the shell around it shows the terminal's modes afterwards.
      const command = [process.execPath, ...elwoodArgv(["attach", id])]
        .map((word) => `'${word}'`)
        .join(" ");
      const attach = new PtyRun("/bin/sh", ["-c", `${command}; echo "attach-exit=$?"; stty -a`], {
        env,
        cols: COLS,
        rows: ROWS,
      });
      fx.defer(() => attach.kill());
      await attach.waitForOutput(`attached to ${id} (${agent}); press Ctrl-] to detach.`);
      // The session's terminal took the attaching terminal's size first.
      let size: unknown;
      for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
        size = (await client.call("GET", `/api/sessions/${id}`)).body.size;
        if (JSON.stringify(size) === JSON.stringify({ cols: COLS, rows: ROWS })) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(size).toEqual({ cols: COLS, rows: ROWS });
      // The agent's own screen, as the server's model of it reads: its longer lines show here.
      // A CLI repaints after the resize (and Claude drops its start-up lines later), so the
      // served lines are read again until this terminal shows the ones served then (bounded).
      let marks: string[] = [];
      let isShown = false;
      for (const deadline = Date.now() + 30_000; !isShown && Date.now() < deadline; ) {
        const served = String((await client.call("GET", `/api/sessions/${id}/screen`)).body.text);
        marks = served
          .split("\n")
          .map((line) => line.trim())
          .filter((line) => line.length >= 12 && /[a-z]{4}/i.test(line))
          .slice(-3);
        if (marks.length === 0) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          continue;
        }
        isShown = await attach
          .waitForScreen((text) => marks.every((line) => text.includes(line)), 2_000)
          .then(
            () => true,
            () => false,
          );
      }
      expect(marks.length).toBeGreaterThan(0);
      expect(isShown, `the attached screen never showed ${JSON.stringify(marks)}`).toBe(true);

      // A prompt typed at this terminal is the agent's next turn, answered on this screen.
      attach.write("typed through attach");
      await new Promise((resolve) => setTimeout(resolve, 700));
      attach.write("\r");
      await attach.waitForScreen((text) => text.includes(reply), 90_000);
      expect(promptsSeen(fx, "typed through attach")).toBeGreaterThan(0);
      expect(await untilStatus(client, id, "ready")).toBe("ready");

      // Ctrl-]: exit 0, the terminal back in cooked mode, the session still ready.
      attach.write("\x1d");
      await attach.exited;
      const after = attach.output.slice(attach.output.lastIndexOf("detached from"));
      expect(after).toContain("attach-exit=0");
      expect(after).toMatch(/ icanon /);
      expect(after).toMatch(/ echo /);
      expect(restoredBefore(attach.output, "detached from")).toBe(true);
      expect(await statusOf(client, id)).toBe("ready");
      expect(
        await client.call("POST", `/api/sessions/${id}/send`, { text: "sent after detach" }),
      ).toMatchObject({ status: 200, body: { text: later } });

      // `elwood sessions` marks it live in this server, where attach reaches it.
      const listing = await runElwood(
        ["sessions", "--output", "json", "--state-dir", fx.stateDir],
        env,
      );
      expect(listing.code, listing.stderr).toBe(0);
      const listed = (JSON.parse(listing.stdout) as { sessions: { id: string }[] }).sessions;
      expect(listed.find((row) => row.id === id)).toMatchObject({ live: true, server: serve.url });
      const table = await runElwood(["sessions", "--state-dir", fx.stateDir], env);
      expect(table.stdout.split("\n").find((line) => line.startsWith(id))).toMatch(/ serve /);

      // --read-only: the keys stop here (the model never sees them) ...
      const watcher = new PtyRun(
        process.execPath,
        elwoodArgv(["attach", "--read-only", "--detach-key", "ctrl-q", id]),
        { env, cols: COLS, rows: ROWS },
      );
      fx.defer(() => watcher.kill());
      await watcher.waitForOutput(
        `attached to ${id} (${agent}, read-only); press Ctrl-Q to detach.`,
      );
      watcher.write("watcher typed this");
      await new Promise((resolve) => setTimeout(resolve, 500));
      watcher.write("\r");
      // ... and the server refuses keys on a read-only socket even from a client that sends them.
      const socket = new WebSocket(
        `${serve.url.replace(/^http/, "ws")}/api/sessions/${id}/terminal?mode=read-only`,
        { headers: { authorization: `Bearer ${serve.token}` } },
      );
      const notices: { type?: string; error?: { name?: string } }[] = [];
      socket.on("message", (data, isBinary) => {
        if (!isBinary) notices.push(JSON.parse(String(data)) as (typeof notices)[number]);
      });
      await new Promise((resolve, reject) => {
        socket.once("open", resolve);
        socket.once("error", reject);
      });
      socket.send(Buffer.from("socket typed this\r"), { binary: true });
      socket.send(JSON.stringify({ type: "input", data: "socket typed this\r" }));
      socket.send(JSON.stringify({ type: "resize", cols: 50, rows: 20 }));
      for (const deadline = Date.now() + 10_000; notices.length < 3 && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(notices).toEqual([
        expect.objectContaining({
          type: "error",
          error: expect.objectContaining({ name: "unauthorized" }),
        }),
        expect.objectContaining({
          type: "error",
          error: expect.objectContaining({ name: "unauthorized" }),
        }),
        expect.objectContaining({
          type: "error",
          error: expect.objectContaining({ name: "unauthorized" }),
        }),
      ]);
      socket.close();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const screen = String((await client.call("GET", `/api/sessions/${id}/screen`)).body.text);
      expect(screen).not.toContain("watcher typed");
      expect(screen).not.toContain("socket typed");
      expect(promptsSeen(fx, "watcher typed this")).toBe(0);
      expect(promptsSeen(fx, "socket typed this")).toBe(0);
      expect((await client.call("GET", `/api/sessions/${id}`)).body.size).toEqual({
        cols: COLS,
        rows: ROWS,
      });
      watcher.write("\x11");
      expect(await watcher.exited).toBe(0);

      // The session ends under a viewer: its terminal is restored, the reason said, exit 1.
      const last = new PtyRun(process.execPath, elwoodArgv(["attach", id]), {
        env,
        cols: COLS,
        rows: ROWS,
      });
      fx.defer(() => last.kill());
      await last.waitForOutput(`attached to ${id} (${agent}); press Ctrl-] to detach.`);
      if (endedBy === "delete") {
        expect((await client.call("DELETE", `/api/sessions/${id}`)).status).toBe(200);
        expect(await last.exited).toBe(1);
      }

      // The server goes: the discovery file goes with it.
      serve.child.kill(stopSignal);
      const [code] = await serve.exited;
      expect(code).toBe(exitCode);
      expect(await last.exited).toBe(1);
      const reason =
        endedBy === "delete"
          ? /elwood: The session (ended: its agent exited|was closed on the server)/
          : /elwood: The server is shutting down/;
      expect(last.output).toMatch(reason);
      const notice = reason.exec(last.output)?.[0].slice("elwood: ".length) ?? "";
      expect(restoredBefore(last.output, notice)).toBe(true);
      expect(await readdir(folder)).toEqual([]);
      expect(await survivorsInHome(fx.home.home)).toEqual([]);
    });
  },
);
