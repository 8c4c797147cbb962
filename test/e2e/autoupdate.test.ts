// autoupdate with the real pinned CLIs (issue 12 "Done when" 5, second half): a shim
// named `claude` / `codex` first on the login shell's PATH fails `<cli> update` and hands
// every other call to the real CLI, so the version gate reads the real version, the
// session starts, a turn works, and the failed update is one live agent_update_failed
// warning.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ClaudeSession, CodexSession } from "../../src/agents.js";
import type { ElwoodWarningEvent } from "../../src/core/contract/warnings.js";
import { cliBinary } from "../support/cli-binaries.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ trusted: true });

async function failingUpdateShim(
  cli: "claude" | "codex",
): Promise<{ dir: string; calls: () => Promise<string[]> }> {
  const dir = await mkdtemp(join(tmpdir(), "elwood-update-shim-"));
  const log = join(dir, "calls.log");
  await writeFile(
    join(dir, cli),
    `#!/bin/sh\necho "$1" >> "${log}"\nif [ "$1" = update ]; then echo "update server unreachable" >&2; exit 3; fi\nexec "${cliBinary(cli)}" "$@"\n`,
    { mode: 0o755 },
  );
  const calls = async () =>
    (await readFile(log, "utf8").catch(() => "")).split("\n").filter(Boolean);
  return { dir, calls };
}

const agents = [
  {
    cli: "claude" as const,
    ids: "C-LIFE-11, C-CLAUDE-07, C-CLAUDE-09",
    version: /^2\.1\./,
    create: (options: SessionOptions): UpdatingSession => new ClaudeSession(options),
  },
  {
    cli: "codex" as const,
    ids: "C-LIFE-11, C-CODEX-08, C-CODEX-10",
    version: /^0\.\d+\./,
    create: (options: SessionOptions): UpdatingSession =>
      new CodexSession({ ...options, autotrust: true }),
  },
];

/** What the test uses of either session class. */
interface UpdatingSession {
  send(prompt: string): Promise<string>;
  on(event: "warning", handler: (warning: ElwoodWarningEvent) => void): unknown;
  kill(): Promise<void>;
  close(): Promise<void>;
}

interface SessionOptions {
  readonly cwd: string;
  readonly env: Record<string, string>;
  readonly stateDir: string;
  readonly autoupdate: true;
}

describe.each(agents)("autoupdate against the real $cli CLI", ({ cli, ids, version, create }) => {
  test(`${ids}: a failing update with an acceptable version warns agent_update_failed and the session starts`, async () => {
    const shim = await failingUpdateShim(cli);
    const fx = await newFixture({ cli, extraProfile: [`export PATH="${shim.dir}:$PATH"`] });
    fx.defer(() => rm(shim.dir, { recursive: true, force: true }));
    fx.server.turn({ match: "after update", steps: [{ say: "Started anyway" }] });
    const session = create({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      autoupdate: true,
    });
    fx.defer(() => session.kill().catch(() => undefined));
    const warnings: ElwoodWarningEvent[] = [];
    session.on("warning", (warning) => warnings.push(warning));

    expect(await session.send("after update")).toContain("Started anyway");
    const updateWarnings = warnings.filter((warning) => warning.code === "agent_update_failed");
    expect(updateWarnings).toEqual([
      expect.objectContaining({ code: "agent_update_failed", source: "lifecycle" }),
    ]);
    expect(updateWarnings[0]).toMatchObject({ installedVersion: expect.stringMatching(version) });
    const calls = await shim.calls();
    // The update ran once, before the version was read (again) and the CLI launched.
    expect(calls.filter((call) => call === "update")).toHaveLength(1);
    expect(calls.indexOf("update")).toBeLessThan(calls.lastIndexOf("--version"));
    await session.close();
  });
});
