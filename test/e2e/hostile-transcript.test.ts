// Hostile transcripts under a live session (issue 16 "Hostile and broken inputs"): while
// a real Claude or Codex session sits ready after one turn, its transcript gets a 50 MiB
// single-line record appended, or is deleted, or is replaced by a copy. The parent
// stays up, the 50 MiB record is dropped with a content-free warning, and the next turn
// still answers. Codex keeps its rollout open and appends to the file it opened, so once
// the path is deleted or replaced what it writes is out of reach: the turn then fails
// typed (wait_timeout after catchUpMs) while the session stays up and ready
// (prd/decisions.md "Hostile transcripts"). (Reader-level bounds, 100,000-record bursts, invalid UTF-8 and
// truncated lines: test/unit/transcript/.)
import { copyFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { startClaude, startCodex } from "../../src/agents.js";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import type { ElwoodWarningEvent } from "../../src/core/contract/warnings.js";
import { type ClaudeFixture, ensureGone, token } from "../support/claude-e2e.js";
import type { CliName } from "../support/cli-binaries.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ trusted: true });
const PAD_BYTE = "Q";
const FIFTY_MIB = 50 * 2 ** 20;

/**
 * Every entry under `dir`, listed again when one vanished mid-walk: the CLI's lock folders
 * (Claude's `.claude.json.lock`) come and go, and a recursive readdir fails on that.
 */
async function listRecursively(dir: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await readdir(dir, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || attempt === 5) throw error;
    }
  }
}

/** The conversation transcript the CLI wrote in its home (Claude projects/, Codex sessions/). */
async function transcriptOf(home: string): Promise<string> {
  const entries = await listRecursively(home);
  const found = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".jsonl"))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => /[/\\](projects|sessions)[/\\]/.test(path));
  expect(found).toHaveLength(1);
  return found[0] as string;
}

async function readySession(fx: ClaudeFixture, cli: CliName) {
  const common = { cwd: fx.workspace, env: fx.home.env, stateDir: fx.stateDir, autotrust: true };
  const session: ElwoodAgentSession =
    cli === "claude"
      ? await startClaude({ ...common, permissionMode: "default" })
      : await startCodex(common);
  fx.defer(() => ensureGone(session));
  const warnings: ElwoodWarningEvent[] = [];
  session.on("warning", (warning) => warnings.push(warning));
  const first = token("first-answer");
  fx.server.turn({ match: "first question", steps: [{ say: first }] });
  expect(await session.send("first question")).toContain(first);
  return { session, warnings, first, transcript: await transcriptOf(fx.home.home) };
}

/** Sends the next turn; resolves with its reply once it held the scripted answer. */
async function expectNextTurnAnswers(
  fx: ClaudeFixture,
  session: ElwoodAgentSession,
): Promise<string> {
  const answer = token("still-working");
  fx.server.turn({ match: "next question", steps: [{ say: answer }] });
  const reply = await session.send("next question", { timeoutMs: 60_000 });
  expect(reply).toContain(answer);
  expect(session.status).toBe("ready");
  return reply;
}

/** Claude answers; Codex's turn fails typed and the session stays ready (see the top). */
async function expectNextTurnAfterPathChange(
  fx: ClaudeFixture,
  cli: CliName,
  session: ElwoodAgentSession,
): Promise<string | undefined> {
  if (cli === "claude") return expectNextTurnAnswers(fx, session);
  fx.server.turn({ match: "next question", steps: [{ say: token("out-of-reach") }] });
  const turn = session.send("next question", { timeoutMs: 60_000, catchUpMs: 3_000 });
  await expect(turn).rejects.toMatchObject({ name: "wait_timeout" });
  await session.waitForStatus((status) => status === "ready", 30_000);
  return undefined;
}

const clis = ["claude", "codex"] as const;

describe("hostile transcripts under a live session", () => {
  test.each(clis)(
    "C-CLAUDE-15: %s: a 50 MiB single-line record is dropped with a content-free warning and the next turn answers",
    async (cli) => {
      const fx = await newFixture({ cli });
      const { session, warnings, transcript } = await readySession(fx, cli);
      const huge = `{"type":"elwood-hostile","pad":"${PAD_BYTE.repeat(FIFTY_MIB)}"}\n`;
      await writeFile(transcript, huge, { flag: "a" });
      await expectNextTurnAnswers(fx, session);
      const dropped = warnings.filter((w) => w.code === "transcript_records_dropped");
      expect(dropped).toContainEqual(expect.objectContaining({ cause: "oversized" }));
      expect(JSON.stringify(warnings)).not.toContain(PAD_BYTE.repeat(64));
      await session.stop();
    },
  );

  test.each(clis)(
    "C-CLAUDE-15: %s: the transcript deleted mid-session: no crash; Claude answers the next turn, Codex fails it typed",
    async (cli) => {
      const fx = await newFixture({ cli });
      const { session, transcript } = await readySession(fx, cli);
      await rm(transcript);
      await expectNextTurnAfterPathChange(fx, cli, session);
      await session.stop();
    },
  );

  test.each(clis)(
    "C-CLAUDE-15: %s: the transcript replaced by a copy mid-session: no repeats; Claude answers the next turn, Codex fails it typed",
    async (cli) => {
      const fx = await newFixture({ cli });
      const { session, first, transcript } = await readySession(fx, cli);
      await copyFile(transcript, `${transcript}.copy`);
      await rename(`${transcript}.copy`, transcript);
      // Not read again from the start: the first turn's answer is not in the second's reply.
      const reply = await expectNextTurnAfterPathChange(fx, cli, session);
      expect(reply ?? "").not.toContain(first);
      await session.stop();
    },
  );
});
