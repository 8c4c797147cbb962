// Failed-draft cleanup on the real pinned CLIs (api.md "Failed-draft cleanup"): both
// composers kill only the cursor's row on Ctrl-U / Ctrl-K, so a program draft of several
// rows (a prompt with newlines, a line wrapped past the screen's width) is cleared a row
// at a time. Found by the 32x4 bench (stop 31): a doubled prompt cleared with one
// Ctrl-E Ctrl-U left rows behind, and the next prompt was typed onto them and sent with them.
import { describe, expect, test } from "vitest";
import { startClaude } from "../../src/agents.js";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import { clearDraftKeys } from "../../src/core/screen/draft-cleanup.js";
import { ensureGone } from "../support/claude-e2e.js";
import { startCodexIn } from "../support/codex-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture({ trusted: true });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const paste = (text: string) => `\x1b[200~${text}\x1b[201~`;
/** Three rows of text, the last one longer than the 189-column screen. */
const DRAFT = `first-row-of-draft\nsecond-row-of-draft\n${Array.from({ length: 40 }, (_, i) => `wrapped${i}`).join(" ")}`;
const COMPOSER_GLYPH = /^[❯›]\s/;

/** The composer's rows as the screen shows them: from the glyph row to a rule or blank row. */
function composerRows(session: ElwoodAgentSession): string[] {
  const lines = session.terminal.snapshot().lines.map((line) => line.trim());
  const start = lines.findIndex((line) => COMPOSER_GLYPH.test(line));
  if (start === -1) return [];
  const rows = [lines[start]?.replace(/^[❯›]\s*/, "") ?? ""];
  for (const line of lines.slice(start + 1)) {
    if (line === "" || /^─{20,}$/.test(line)) break;
    rows.push(line);
  }
  return rows.filter((row) => row.length > 0);
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
    if (condition()) return;
  }
  expect(condition()).toBe(true);
}

async function clearsEveryRow(session: ElwoodAgentSession): Promise<void> {
  await session.sendKeys(paste(DRAFT));
  await until(() => composerRows(session).join(" ").includes("wrapped39"), 15_000);
  const rows = composerRows(session);
  expect(rows.length).toBeGreaterThanOrEqual(4);
  // What the old cleanup wrote, for contrast: it leaves the rows above the cursor.
  await session.sendKeys("\x05\x15");
  await sleep(1_000);
  expect(composerRows(session).join(" ")).toContain("first-row-of-draft");
  await session.sendKeys(clearDraftKeys(rows.length));
  await until(() => composerRows(session).every((row) => !row.includes("row-of-draft")), 5_000);
  expect(composerRows(session).join(" ")).not.toMatch(/row-of-draft|wrapped/);
}

describe("failed-draft cleanup on the real composers", () => {
  test("C-API-31: Claude: a draft of several rows, one wrapped, is cleared a row at a time", async () => {
    const fx = await newFixture();
    const session = await startClaude({
      cwd: fx.workspace,
      env: fx.home.env,
      stateDir: fx.stateDir,
    });
    fx.defer(() => ensureGone(session));
    await session.waitForStatus((status) => status === "ready", 90_000);
    await clearsEveryRow(session);
  });

  test("C-API-31: Codex: a draft of several rows, one wrapped, is cleared a row at a time", async () => {
    const fx = await newFixture({ cli: "codex" });
    const session = await startCodexIn(fx);
    await session.waitForStatus((status) => status === "ready", 90_000);
    await clearsEveryRow(session);
  });
});
