// autoupdate with the real pinned CLIs (issue 12 "Done when" 5, second half), for every
// agent of the one table (support/agent-table.ts): a shim named like the agent's binary,
// first on the login shell's PATH, logs each call, fails `<cli> update` and hands every
// other call to the real CLI, so the version gate reads the real version, the session
// starts, a turn works, and the failed update is one live agent_update_failed warning. A
// CLI with no update command of its own (Gemini) is never called with one: `gemini
// update` run without a terminal is a headless prompt to the model.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { ElwoodWarningEvent } from "../../src/core/contract/warnings.js";
import { AGENT_ROWS } from "../support/agent-table.js";
import { ensureGone } from "../support/claude-e2e.js";
import { type CliName, cliBinary } from "../support/cli-binaries.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ trusted: true });

async function failingUpdateShim(
  cli: CliName,
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

describe.each(AGENT_ROWS)("autoupdate against the real $agent CLI", (row) => {
  const cli = row.agent;
  // The Claude and Codex ids are their rows'; C-PERF-03 is every row with an update command.
  test("C-LIFE-11 C-PERF-02 C-PERF-03 C-CLAUDE-07 C-CLAUDE-09 C-CODEX-08 C-CODEX-10: a failing update with an acceptable version warns agent_update_failed and the session starts", async () => {
    const shim = await failingUpdateShim(cli);
    const fx = await newFixture({
      ...row.fixture,
      extraProfile: [`export PATH="${shim.dir}:$PATH"`],
    });
    fx.defer(() => rm(shim.dir, { recursive: true, force: true }));
    fx.server.turn({ match: "after update", steps: [{ say: "Started anyway" }] });
    const session = row.create({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
      autoupdate: true,
    });
    fx.defer(() => ensureGone(session));
    const warnings: ElwoodWarningEvent[] = [];
    session.on("warning", (warning) => warnings.push(warning));

    expect(await session.send("after update")).toContain("Started anyway");
    const updateWarnings = warnings.filter((warning) => warning.code === "agent_update_failed");
    expect(updateWarnings).toEqual([
      expect.objectContaining({ code: "agent_update_failed", source: "lifecycle" }),
    ]);
    expect(updateWarnings[0]).toMatchObject({
      installedVersion: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    const calls = await shim.calls();
    if (row.hasUpdateCommand) {
      // The update ran once, before the version was read (again) and the CLI launched.
      expect(updateWarnings[0]).toMatchObject({ errorCode: "exit_3" });
      expect(calls.filter((call) => call === "update")).toHaveLength(1);
      expect(calls.indexOf("update")).toBeLessThan(calls.lastIndexOf("--version"));
    } else {
      // Nothing was run for the update: the CLI was only asked its version, then launched.
      expect(updateWarnings[0]).toMatchObject({ errorCode: "no_update_command" });
      expect(calls).not.toContain("update");
      expect(calls).toContain("--version");
    }
    await session.close();
  });
});
