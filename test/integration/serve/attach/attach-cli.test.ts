// `elwood attach` and `elwood sessions` as processes without an agent (issue 25 "Done when"
// 3 and 4): no server, an unknown id, a stdin that is not a terminal and a bad detach key
// each exit 2 with what to do; `elwood serve`'s discovery file is 0600 in a 0700 folder
// and gone after SIGINT and after SIGTERM; `elwood sessions` lists even when a server's
// file names a port nobody answers on.
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  elwoodArgv,
  PtyRun,
  privateRuntimeDir,
  runElwood,
  startServeProcess,
} from "../../../support/serve-process.js";

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(): Promise<{
  env: Record<string, string>;
  runtime: string;
  stateDir: string;
}> {
  const runtime = await privateRuntimeDir();
  cleanups.push(runtime.cleanup);
  const stateParent = await mkdtemp(join(tmpdir(), "elwood-attach-state-"));
  cleanups.push(() => rm(stateParent, { recursive: true, force: true }));
  const env = { ...(process.env as Record<string, string>), XDG_RUNTIME_DIR: runtime.path };
  return { env, runtime: runtime.path, stateDir: join(stateParent, "state") };
}

/** `elwood <args>` in a real terminal; its exit status and everything it printed. */
async function inTerminal(args: string[], env: Record<string, string>) {
  const run = new PtyRun(process.execPath, elwoodArgv(args), { env, cols: 100, rows: 30 });
  cleanups.push(() => run.kill());
  const code = await run.exited;
  return { code, output: run.output };
}

describe("elwood attach without an agent", () => {
  it("C-ATTACH-07: no server running exits 2 and says to start one or pass --url", async () => {
    const { env, runtime } = await setUp();
    const result = await inTerminal(["attach", "some-session"], env);
    expect(result.code).toBe(2);
    expect(result.output).toContain("No `elwood serve` is running for you");
    expect(result.output).toContain(join(runtime, "elwood"));
    expect(result.output).toContain("--url <url> with ELWOOD_SERVE_TOKEN");
  });

  it("C-ATTACH-07: a stdin that is not a terminal, a bad detach key and --url without a token exit 2", async () => {
    const { env } = await setUp();
    const notTty = await runElwood(["attach", "some-session"], env);
    expect(notTty.code).toBe(2);
    expect(notTty.stderr).toContain("`elwood attach` needs a terminal on stdin and stdout");
    const badKey = await runElwood(["attach", "--detach-key", "ctrl-[", "some-session"], env);
    expect(badKey.code).toBe(2);
    expect(badKey.stderr).toContain("The detach key must be written ctrl-<key>");
    const noId = await runElwood(["attach"], env);
    expect(noId.code).toBe(2);
    expect(noId.stderr).toContain("takes one session id");
    const noToken = await inTerminal(["attach", "--url", "http://127.0.0.1:9", "x"], {
      ...env,
      ELWOOD_SERVE_TOKEN: "",
    });
    expect(noToken.code).toBe(2);
    expect(noToken.output).toContain("--url needs the server's token in ELWOOD_SERVE_TOKEN");
  });

  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 0],
  ] as const)(
    "C-ATTACH-06 C-ATTACH-07: an unknown id exits 2 naming the server; the 0600 discovery file in its 0700 folder is gone after %s",
    async (signal, exitCode) => {
      const { env, runtime, stateDir } = await setUp();
      const serve = await startServeProcess({ env, stateDir });
      cleanups.push(() => {
        if (serve.child.exitCode === null) serve.child.kill("SIGKILL");
      });
      const folder = join(runtime, "elwood");
      const file = join(folder, `serve-${serve.child.pid}.json`);
      expect((await stat(folder)).mode & 0o777).toBe(0o700);
      expect((await stat(file)).mode & 0o777).toBe(0o600);

      const unknown = await inTerminal(["attach", "no-such-session"], env);
      expect(unknown.code).toBe(2);
      expect(unknown.output).toContain(`No live session "no-such-session"`);
      expect(unknown.output).toContain(serve.url);
      // Through --url and the token too.
      const named = await inTerminal(["attach", "--url", serve.url, "no-such-session"], {
        ...env,
        ELWOOD_SERVE_TOKEN: serve.token,
      });
      expect(named.code).toBe(2);
      expect(named.output).toContain(`No live session "no-such-session"`);
      const wrongToken = await inTerminal(["attach", "--url", serve.url, "x"], {
        ...env,
        ELWOOD_SERVE_TOKEN: "b".repeat(64),
      });
      expect(wrongToken.code).toBe(2);
      expect(wrongToken.output).toContain("refused ELWOOD_SERVE_TOKEN");

      serve.child.kill(signal);
      const [code] = await serve.exited;
      expect(code).toBe(exitCode);
      expect(await readdir(folder)).toEqual([]);
    },
  );

  it("C-ATTACH-08: `elwood sessions` lists at once when a server's file names a server that never answers", async () => {
    const { env, runtime, stateDir } = await setUp();
    // Accepts connections and never answers, as a hung server would.
    const held: Socket[] = [];
    const silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    cleanups.push(
      () =>
        new Promise((resolve) => {
          for (const socket of held) socket.destroy();
          silent.close(resolve);
        }),
    );
    const port = (silent.address() as { port: number }).port;
    const folder = join(runtime, "elwood");
    await mkdir(folder, { mode: 0o700 });
    // This test's own pid is alive, so the file is not stale.
    await writeFile(
      join(folder, `serve-${process.pid}.json`),
      JSON.stringify({
        pid: process.pid,
        url: `http://127.0.0.1:${port}`,
        token: "c".repeat(64),
        startedAt: new Date().toISOString(),
      }),
      { mode: 0o600 },
    );
    const started = Date.now();
    const listing = await runElwood(["sessions", "--output", "json", "--state-dir", stateDir], env);
    expect(listing.code, listing.stderr).toBe(0);
    expect(JSON.parse(listing.stdout)).toMatchObject({ type: "sessions", sessions: [] });
    expect(held.length).toBe(1);
    // The 1 s answer bound plus the process's own start, far below a hang.
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
