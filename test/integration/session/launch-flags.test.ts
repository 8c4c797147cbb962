// What each CLI is launched with, through the real launcher and PTY against a fake CLI
// that logs its argv, terminal size and input: the model/profile/policy flags (api.md
// §5.1, §5.5) and the terminal size (api.md: 189×48 by default; Claude boots at ≥ 100
// columns and gets the requested size before any input).
import { afterEach, describe, expect, it } from "vitest";
import { startClaude, startCodex } from "../../../src/agents.js";
import { CLAUDE_MINIMUM_VERSION } from "../../../src/claude/adapter.js";
import { CODEX_MINIMUM_VERSION } from "../../../src/codex/adapter.js";
import { COLD_START_FALLBACK_MS } from "../../../src/core/runtime/readiness.js";
import { type FakeCli, fakeCli, flagValue } from "./fake-cli.js";

const CLAUDE_VERSION = `${CLAUDE_MINIMUM_VERSION} (Claude Code)`;
const CODEX_VERSION = `codex-cli ${CODEX_MINIMUM_VERSION}`;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function workspace(versionText: string): Promise<FakeCli> {
  const cli = await fakeCli({ versionText, mode: "stay" });
  cleanups.push(() => cli.remove());
  return cli;
}

const where = (cli: FakeCli) => ({
  cwd: cli.dir,
  stateDir: cli.stateDir,
  executable: cli.executable,
  env: process.env,
});

async function lastLaunch(cli: FakeCli): Promise<string[]> {
  const launches = await cli.waitForLaunches(1);
  expect(launches).toHaveLength(1);
  return launches[0] ?? [];
}

/** Polls an async check every 100 ms; false when `timeoutMs` passes first. */
async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

async function sizes(cli: FakeCli): Promise<string[]> {
  await cli.waitForSize();
  return (await cli.terminalLog()).flatMap((entry) =>
    "size" in entry ? [`${entry.size[0]}x${entry.size[1]}`] : [],
  );
}

describe("launch flags", () => {
  it("C-CLAUDE-12: `model` becomes --model", async () => {
    const cli = await workspace(CLAUDE_VERSION);
    const session = await startClaude({ ...where(cli), model: "claude-scripted-7" });
    cleanups.push(() => session.kill());
    expect(flagValue(await lastLaunch(cli), "--model")).toBe("claude-scripted-7");
    await session.kill();
  });

  it("C-CODEX-03: model, profile, sandbox and approvalPolicy become --model, --profile, --sandbox and --ask-for-approval", async () => {
    const cli = await workspace(CODEX_VERSION);
    const session = await startCodex({
      ...where(cli),
      model: "scripted-model",
      profile: "offline",
      sandbox: "workspace-write",
      approvalPolicy: "never",
      configOverrides: ['model_verbosity="low"'],
    });
    cleanups.push(() => session.kill());
    const argv = await lastLaunch(cli);
    expect(flagValue(argv, "--model")).toBe("scripted-model");
    expect(flagValue(argv, "--profile")).toBe("offline");
    expect(flagValue(argv, "--sandbox")).toBe("workspace-write");
    expect(flagValue(argv, "--ask-for-approval")).toBe("never");
    expect(flagValue(argv, "-c")).toBe('model_verbosity="low"');
    await session.kill();
  });
});

describe("terminal size", () => {
  it.each([
    { agent: "claude", version: CLAUDE_VERSION, start: startClaude },
    { agent: "codex", version: CODEX_VERSION, start: startCodex },
  ] as const)(
    "C-API-16: without initialSize, $agent runs in a 189×48 terminal",
    async ({ version, start }) => {
      const cli = await workspace(version);
      const session = await start(where(cli));
      cleanups.push(() => session.kill());
      expect(await sizes(cli)).toEqual(["189x48"]);
      expect(session.terminal.size).toEqual({ cols: 189, rows: 48 });
      await session.kill();
    },
  );

  it("C-API-36: Claude asked for 80 columns boots at 100; the latest requested size (a resize during boot) is applied before its first input", async () => {
    const cli = await workspace(CLAUDE_VERSION);
    const session = await startClaude({ ...where(cli), initialSize: { cols: 80, rows: 30 } });
    cleanups.push(() => session.kill());
    await session.resize({ cols: 90, rows: 31 });
    session.sendMessage("first words").catch(() => undefined);
    // This fake sends no hook, so only the cold start's 30 s fallback makes it ready.
    const arrived = await until(
      async () => (await cli.terminalLog()).some((entry) => "input" in entry),
      COLD_START_FALLBACK_MS + 20_000,
    );
    expect(arrived, "the message never reached the CLI").toBe(true);
    const log = await cli.terminalLog();
    const firstInput = log.findIndex((entry) => "input" in entry);
    const sizesBeforeInput = log
      .slice(0, firstInput)
      .flatMap((entry) => ("size" in entry ? [`${entry.size[0]}x${entry.size[1]}`] : []));
    // Booted at 100; whatever was applied in between, the last size before input is the latest asked.
    expect(sizesBeforeInput[0]).toBe("100x30");
    expect(sizesBeforeInput.at(-1)).toBe("90x31");
    expect(session.terminal.size).toEqual({ cols: 90, rows: 31 });
    await session.kill();
  });
});
