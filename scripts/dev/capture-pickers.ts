// Dev tool: captures the `/model` picker frames of the pinned CLIs (offline: an agent home
// and the scripted model server from @with-logic/elwood/testing) into
// test/fixtures/pickers/<cli>-<version>-<name>.txt, for the picker parser's unit tests.
// Usage: npx tsx scripts/dev/capture-pickers.ts [claude|codex]   (runs the real CLIs:
// take the shared heavy lock when others use the machine).
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startClaude, startCodex } from "../../src/agents.js";
import { KEYS } from "../../src/terminal/input.js";
import { createAgentHome, startScriptedModelServer } from "../../src/testing/index.js";
import { cliBinary, cliBinaryDir } from "../../test/support/cli-binaries.js";

const OUT = resolve(import.meta.dirname, "../../test/fixtures/pickers");
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Each step: keys to write, then the name to save the settled frame under (if any). */
type Step = readonly [keys: string, save?: string];

const STEPS: Readonly<Record<"claude" | "codex", readonly Step[]>> = {
  claude: [
    ["/model", "model-command"],
    [KEYS.enter, "model-list"],
    [KEYS.down + KEYS.down + KEYS.down + KEYS.down],
    ["s", "model-switch-confirm"],
    [KEYS.enter],
    ["/model"],
    [KEYS.enter, "model-list-switched"],
    [KEYS.escape],
  ],
  codex: [
    ["/model", "model-command"],
    [KEYS.enter, "model-list"],
    [KEYS.down],
    [KEYS.enter, "model-effort"],
    ["s"],
    ["/model"],
    [KEYS.enter, "model-list-switched"],
    [KEYS.escape],
    // The command and its Enter in one read, as a starved Codex reads them: a paste burst.
    [`/model${KEYS.enter}`, "model-command-enter-in-burst"],
  ],
};

async function capture(cli: "claude" | "codex"): Promise<void> {
  const version = execFileSync(cliBinary(cli), ["--version"], { encoding: "utf8" }).match(
    /\d+\.\d+\.\d+/,
  )?.[0];
  const server = await startScriptedModelServer();
  server.turn({ match: "hello", steps: [{ say: "Hello there" }] });
  const workspace = await realpath(await mkdtemp(join(tmpdir(), "elwood-capture-ws-")));
  execFileSync("git", ["init", "-q"], { cwd: workspace });
  const home = await createAgentHome({
    server,
    trustedDirs: [workspace],
    cliPaths: [cliBinaryDir(cli)],
  });
  const stateDir = join(home.home, "elwood-state");
  const options = { cwd: workspace, env: home.env, stateDir, autotrust: true };
  const session = cli === "claude" ? await startClaude(options) : await startCodex(options);
  try {
    // A conversation first, so Claude shows its "Switch model?" cache warning.
    await session.sendMessage("hello");
    await session.waitForStatus((status) => status === "ready", 60_000);
    await sleep(1000);
    mkdirSync(OUT, { recursive: true });
    for (const [keys, save] of STEPS[cli]) {
      await session.sendKeys(keys);
      await sleep(1500);
      await session.terminal.settled();
      if (save === undefined) continue;
      const lines = session.terminal.snapshot().lines.map((line) => line.trimEnd());
      writeFileSync(join(OUT, `${cli}-${version}-${save}.txt`), `${lines.join("\n")}\n`);
      console.log(`saved ${cli}-${version}-${save}.txt`);
    }
  } finally {
    await session.kill().catch(() => undefined);
    await server.close();
    await home.cleanup();
    await rm(workspace, { recursive: true, force: true });
  }
}

const which = process.argv[2];
for (const cli of ["claude", "codex"] as const) {
  if (which === undefined || which === cli) await capture(cli);
}
