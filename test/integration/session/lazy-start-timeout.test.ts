// send()/stream() with `timeoutMs` bound the whole call (README "Quick start"): on a lazy
// session class that includes starting the CLI. A start slower than the bound rejects the
// call with wait_timeout while the start goes on, and the next call shares that start.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ClaudeSession } from "../../../src/agents.js";
import { CLAUDE_MINIMUM_VERSION } from "../../../src/claude/adapter.js";
import { ElwoodError } from "../../../src/errors.js";
import { fakeCli } from "./fake-cli.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

describe("a call's timeoutMs covers the lazy start", () => {
  it("send() rejects wait_timeout while the session is still starting; the start goes on", async () => {
    const cli = await fakeCli({
      versionText: `${CLAUDE_MINIMUM_VERSION} (Claude Code)`,
      mode: "stay",
    });
    cleanups.push(() => cli.remove());
    // The version probe takes 4 s: the start cannot be done within the 1 s bound.
    const slow = join(cli.dir, "slow-cli");
    await writeFile(
      slow,
      `#!/bin/sh\n[ "$1" = --version ] && sleep 4\nexec '${cli.executable}' "$@"\n`,
      { mode: 0o755 },
    );
    const session = new ClaudeSession({
      cwd: cli.dir,
      stateDir: cli.stateDir,
      executable: slow,
      env: cli.env,
    });
    cleanups.push(() => session.kill());
    const error = await session.send("hello", { timeoutMs: 1_000 }).catch((e: unknown) => e);
    expect(ElwoodError.is(error, "wait_timeout")).toBe(true);
    expect((error as ElwoodError).details).toMatchObject({ timeoutMs: 1_000 });
    // Rejected at its bound, not after the start: the session is still starting.
    expect(session.status).toBe("starting");
    await session.start();
    expect(session.status).not.toBe("starting");
    expect(await cli.leftovers()).not.toEqual([]);
    await session.kill();
    expect(await cli.leftovers()).toEqual([]);
  });
});
