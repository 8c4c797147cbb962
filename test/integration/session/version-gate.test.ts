// The version gate enforces the README's floors (lifecycle §1.2): a CLI one
// patch below the floor fails with *_version_unsupported, naming the floor, before any
// state is written or the CLI is started for a session; and the floors the README and
// prd/README.md name are the adapters' minimumVersion (C-CLAUDE-04, C-CODEX-04).
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startClaude, startCodex, startGemini } from "../../../src/agents.js";
import { CLAUDE_MINIMUM_VERSION } from "../../../src/claude/adapter.js";
import { CODEX_MINIMUM_VERSION } from "../../../src/codex/adapter.js";
import { ElwoodError } from "../../../src/errors.js";
import { GEMINI_MINIMUM_VERSION } from "../../../src/gemini/adapter.js";

const ROOT = join(import.meta.dirname, "../../..");
const temps: string[] = [];
afterEach(async () => {
  for (const dir of temps.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** "2.1.197" → "2.1.196"; "0.124.0" → "0.123.99". */
function justBelow(version: string): string {
  const [major, minor, patch] = version.split(".").map(Number) as [number, number, number];
  return patch > 0 ? `${major}.${minor}.${patch - 1}` : `${major}.${minor - 1}.99`;
}

/**
 * A fake CLI that logs every invocation's argv (and `alsoLog`, shell text) and reports
 * `versionText` for --version.
 */
async function fakeCli(
  versionText: string,
  alsoLog = "",
): Promise<{ path: string; log: string; dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), "elwood-gate-"));
  temps.push(dir);
  const path = join(dir, "fake-cli");
  const log = join(dir, "argv.log");
  const script = [
    "#!/bin/sh",
    `echo "$*${alsoLog}" >> '${log}'`,
    `if [ "$1" = "--version" ]; then echo '${versionText}'; exit 0; fi`,
    "sleep 30",
  ].join("\n");
  await writeFile(path, `${script}\n`);
  await chmod(path, 0o755);
  return { path, log, dir };
}

async function rejection(promise: Promise<unknown>): Promise<ElwoodError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ElwoodError)) throw new Error(`expected an ElwoodError, got ${error}`);
  return error;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe("version gate at the README's floors", () => {
  it.each([
    {
      name: "claude",
      ids: "C-CLAUDE-04",
      floor: CLAUDE_MINIMUM_VERSION,
      versionText: (v: string) => `${v} (Claude Code)`,
      start: (cwd: string, executable: string, stateDir: string) =>
        startClaude({ cwd, executable, stateDir, env: process.env }),
    },
    {
      name: "codex",
      ids: "C-CODEX-04",
      floor: CODEX_MINIMUM_VERSION,
      versionText: (v: string) => `codex-cli ${v}`,
      start: (cwd: string, executable: string, stateDir: string) =>
        startCodex({ cwd, executable, stateDir, env: process.env }),
    },
  ])(
    "$ids: $name one patch below the floor fails before anything is typed, naming the floor",
    async ({ name, floor, versionText, start }) => {
      const below = justBelow(floor);
      const cli = await fakeCli(versionText(below));
      const stateDir = join(cli.dir, "state");
      const error = await rejection(start(cli.dir, cli.path, stateDir));
      expect(error.name).toBe(`${name}_version_unsupported`);
      expect(error.message).toContain(below);
      expect(error.message).toContain(floor);
      expect(error.details).toMatchObject({ version: below, minimumVersion: floor });
      // Only the version probe ran; no session was recorded or launched.
      const calls = (await readFile(cli.log, "utf8")).trim().split("\n");
      expect(calls.every((argv) => argv === "--version")).toBe(true);
      expect(await exists(stateDir)).toBe(false);
    },
  );

  it("Gemini's probe runs with GEMINI_CLI_NO_RELAUNCH=1: one process, not the relaunched pair", async () => {
    const below = justBelow(GEMINI_MINIMUM_VERSION);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text the fake CLI expands
    const relaunch = " relaunch=${GEMINI_CLI_NO_RELAUNCH:-unset}";
    const { dir, path, log } = await fakeCli(below, relaunch);
    const env = { ...process.env, HOME: dir, GEMINI_CLI_NO_RELAUNCH: undefined };
    const error = await rejection(
      startGemini({ cwd: dir, executable: path, stateDir: join(dir, "state"), env }),
    );
    expect(error.name).toBe("gemini_version_unsupported");
    expect((await readFile(log, "utf8")).trim()).toBe("--version relaunch=1");
  });

  it("the README and prd/README.md name exactly the adapters' floors", async () => {
    const claim = `Claude Code ≥ ${CLAUDE_MINIMUM_VERSION}`;
    const codexClaim = `Codex ≥ ${CODEX_MINIMUM_VERSION}`;
    for (const file of ["README.md", "prd/README.md"]) {
      const text = await readFile(join(ROOT, file), "utf8");
      expect(text, file).toContain(claim);
      expect(text, file).toContain(codexClaim);
      const floors = [...text.matchAll(/(Claude Code|Codex) ≥ (\d+\.\d+\.\d+)/g)];
      for (const [, agent, version] of floors) {
        const expected = agent === "Codex" ? CODEX_MINIMUM_VERSION : CLAUDE_MINIMUM_VERSION;
        expect(`${agent} ≥ ${version}`, file).toBe(`${agent} ≥ ${expected}`);
      }
    }
  });
});
