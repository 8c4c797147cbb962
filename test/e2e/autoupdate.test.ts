// autoupdate with the real pinned Claude (issue 12 "Done when" 5, second half): a shim
// named `claude` first on the login shell's PATH fails `claude update` and hands every
// other call to the real CLI, so the version gate reads the real version, the session
// starts, a turn works, and the failed update is one live agent_update_failed warning.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ClaudeSession } from "../../src/agents.js";
import type { ElwoodWarningEvent } from "../../src/core/warnings.js";
import { cliBinary } from "../support/cli-binaries.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ trusted: true });

async function failingUpdateShim(): Promise<{ dir: string; calls: () => Promise<string[]> }> {
  const dir = await mkdtemp(join(tmpdir(), "elwood-update-shim-"));
  const log = join(dir, "calls.log");
  await writeFile(
    join(dir, "claude"),
    `#!/bin/sh\necho "$1" >> "${log}"\nif [ "$1" = update ]; then echo "update server unreachable" >&2; exit 3; fi\nexec "${cliBinary("claude")}" "$@"\n`,
    { mode: 0o755 },
  );
  const calls = async () =>
    (await readFile(log, "utf8").catch(() => "")).split("\n").filter(Boolean);
  return { dir, calls };
}

describe("autoupdate against the real Claude CLI", () => {
  test("C-LIFE-11, C-CLAUDE-07, C-CLAUDE-09: a failing update with an acceptable version warns agent_update_failed and the session starts", async () => {
    const shim = await failingUpdateShim();
    const fx = await newFixture({ extraProfile: [`export PATH="${shim.dir}:$PATH"`] });
    fx.defer(() => rm(shim.dir, { recursive: true, force: true }));
    fx.server.turn({ match: "after update", steps: [{ say: "Started anyway" }] });
    const session = new ClaudeSession({
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
    expect(updateWarnings[0]).toMatchObject({ installedVersion: expect.stringMatching(/^2\.1\./) });
    const calls = await shim.calls();
    // The update ran once, before the version was read (again) and the CLI launched.
    expect(calls.filter((call) => call === "update")).toHaveLength(1);
    expect(calls.indexOf("update")).toBeLessThan(calls.lastIndexOf("--version"));
    await session.close();
  });
});
