// The tool-environment scrub (prd/bridge.md "Where the credential lives"): the script
// Claude sources before each Bash command really removes the bridge variables, keeps
// whatever the user's own CLAUDE_ENV_FILE sets, and Codex gets blanking overrides that
// never replace the user's own shell_environment_policy lists.
import { execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { toolEnvScrubScript } from "../../../src/claude/launch/tool-env.js";
import { codexShellPolicyOverrides } from "../../../src/codex/launch/tool-env.js";

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** Runs `env` in bash after sourcing `script`, the way Claude runs a Bash command. */
function envAfter(script: string, env: Record<string, string>): string {
  return execFileSync("bash", ["-c", `${script}\nenv`], {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...env },
    encoding: "utf8",
    // stdin not a socket: Debian's bash would take one for ssh and source ~/.bashrc.
    stdio: ["ignore", "pipe", "pipe"],
  });
}

// Each case runs a real bash; on a loaded 2-core machine one spawn has taken over the
// unit tier's 5 s default, so these cases get a bound that only a hang can reach.
describe("tool environment scrub", { timeout: 30_000 }, () => {
  it("C-HOOK-02: the Claude script unsets the bridge variables and nothing else", () => {
    const output = envAfter(toolEnvScrubScript(), {
      ELWOOD_HOOK_TOKEN: "ab".repeat(32),
      ELWOOD_HOOK_PORT: "4242",
      ELWOOD_SESSION_ID: "kept",
    });
    expect(output).not.toContain("ELWOOD_HOOK_TOKEN");
    expect(output).not.toContain("ELWOOD_HOOK_PORT");
    expect(output).toContain("ELWOOD_SESSION_ID=kept");
  });

  it("sources the user's own CLAUDE_ENV_FILE first, and a quote in its path stays a path", async () => {
    const dir = await mkdtemp(join(tmpdir(), "elwood-tool-env-"));
    dirs.push(dir);
    const userFile = join(dir, "it's mine.sh");
    // The user's script cannot bring the credential back: the unset runs after it.
    await writeFile(userFile, "export FROM_USER=yes\nexport ELWOOD_HOOK_TOKEN=again\n");
    const output = envAfter(toolEnvScrubScript({ userEnvFile: userFile }), {
      ELWOOD_HOOK_TOKEN: "cd".repeat(32),
    });
    expect(output).toContain("FROM_USER=yes");
    expect(output).not.toContain("ELWOOD_HOOK_TOKEN");
  });

  it("a missing user file is skipped without an error", () => {
    const output = envAfter(toolEnvScrubScript({ userEnvFile: "/nonexistent/elwood/env.sh" }), {
      ELWOOD_HOOK_TOKEN: "ef".repeat(32),
    });
    expect(output).not.toContain("ELWOOD_HOOK_TOKEN");
  });

  it("Codex overrides add keys to the policy's `set` table only", () => {
    expect(codexShellPolicyOverrides()).toEqual([
      'shell_environment_policy.set.ELWOOD_HOOK_TOKEN=""',
      'shell_environment_policy.set.ELWOOD_HOOK_PORT=""',
    ]);
  });
});
