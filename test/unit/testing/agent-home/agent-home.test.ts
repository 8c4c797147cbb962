// createAgentHome(): the seeded files, the spawn environment, and a login shell that
// finds the CLI folders even though /etc/profile resets PATH.
import { execFile } from "node:child_process";
import { access, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { parse } from "smol-toml";
import { afterEach, describe, expect, test } from "vitest";
import { createAgentHome } from "../../../../src/testing/index.js";

const server = {
  anthropicBaseUrl: "http://127.0.0.1:4100",
  openaiBaseUrl: "http://127.0.0.1:4100/v1",
};
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function scratchDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "elwood-agent-home-test-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe("createAgentHome", () => {
  test("seeds claude and codex config for the server, trusting only the given folders", async () => {
    const trusted = await scratchDir();
    const home = await createAgentHome({ server, trustedDirs: [trusted], cliPaths: [] });
    cleanups.push(() => home.cleanup());
    expect((await stat(home.home)).mode & 0o777).toBe(0o700);
    const claude = JSON.parse(await readFile(join(home.home, ".claude.json"), "utf8"));
    expect(claude.hasCompletedOnboarding).toBe(true);
    expect(Object.keys(claude.projects)).toEqual([trusted]);
    expect(claude.projects[trusted].hasTrustDialogAccepted).toBe(true);
    const codex = parse(await readFile(join(home.codexHome, "config.toml"), "utf8"));
    expect(codex).toMatchObject({
      model_provider: "scripted",
      model_providers: {
        scripted: {
          base_url: server.openaiBaseUrl,
          wire_api: "responses",
          env_key: "ELWOOD_SCRIPTED_API_KEY",
        },
      },
    });
    expect(home.env).toMatchObject({
      HOME: home.home,
      CODEX_HOME: home.codexHome,
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
      ELWOOD_SCRIPTED_API_KEY: expect.any(String),
      DISABLE_AUTOUPDATER: "1",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    });
  });

  test("drops the parent's credentials and proxies from env", async () => {
    const baseEnv = {
      PATH: "/usr/bin",
      ANTHROPIC_API_KEY: "real-key",
      OPENAI_API_KEY: "real",
      CLAUDECODE: "1",
      KEEP_ME: "yes",
    };
    const home = await createAgentHome({ server, cliPaths: [], baseEnv });
    cleanups.push(() => home.cleanup());
    expect(home.env.ANTHROPIC_API_KEY).toBeUndefined();
    expect(home.env.OPENAI_API_KEY).toBeUndefined();
    expect(home.env.CLAUDECODE).toBeUndefined();
    expect(home.env.KEEP_ME).toBe("yes");
  });

  test("a login shell in the home finds the CLI folders and the exported variables", async () => {
    const bin = await scratchDir();
    const tool = join(bin, "fake-cli");
    await writeFile(tool, "#!/bin/sh\necho fake-cli-ran\n", { mode: 0o755 });
    const home = await createAgentHome({
      server,
      cliPaths: [bin],
      extraProfile: ["export EXTRA_LINE=seen"],
    });
    cleanups.push(() => home.cleanup());
    const script = 'fake-cli; echo "$ANTHROPIC_BASE_URL $CODEX_HOME $EXTRA_LINE"';
    const { stdout } = await promisify(execFile)("bash", ["-l", "-c", script], {
      env: { HOME: home.home, PATH: "/usr/bin:/bin" },
    });
    expect(stdout).toBe(`fake-cli-ran\n${server.anthropicBaseUrl} ${home.codexHome} seen\n`);
  });

  test("cleanup removes the home and is idempotent", async () => {
    const parentDir = await scratchDir();
    const home = await createAgentHome({ server, cliPaths: [], parentDir });
    await mkdir(join(home.home, ".claude", "projects"), { recursive: true });
    await Promise.all([home.cleanup(), home.cleanup()]);
    await expect(access(home.home)).rejects.toThrow();
  });
});
