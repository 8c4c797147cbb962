// Failed-draft cleanup on the real pinned CLIs (api.md "Failed-draft cleanup"): both
// composers kill only the cursor's row on Ctrl-U / Ctrl-K, so a program draft of several
// rows (a prompt with newlines, a line wrapped past the screen's width) is cleared a row
// at a time. Found by the 32x4 bench (stop 31): a doubled prompt cleared with one
// Ctrl-E Ctrl-U left rows behind, and the next prompt was typed onto them and sent with them.
// The cleanup itself, reading the real screens through the adapters' screen facts, clears
// program drafts of several rows: Codex grows its composer upward over its status line,
// and a fact that looked for that line only two rows under "›" saw no composer at all.
import { describe, expect, test } from "vitest";
import { ClaudeSession, CodexSession } from "../../src/agents.js";
import { claudeAdapter } from "../../src/claude/adapter.js";
import { codexAdapter } from "../../src/codex/adapter.js";
import type { ScreenFrame, ScreenReading } from "../../src/core/contract/adapter.js";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import { clearDraftKeys, DraftCleanup } from "../../src/core/screen/draft-cleanup.js";
import { sessionOnFixture, useRealCliFixture } from "../support/real-cli-fixture.js";

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

async function until(
  condition: () => boolean,
  timeoutMs: number,
  what?: () => string,
): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
    if (condition()) return;
  }
  expect(condition(), what?.()).toBe(true);
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

interface ScreenReader {
  readScreen(frame: ScreenFrame): ScreenReading;
}

/** What the runtime reads from the session's screen, through the adapter's screen facts. */
function readComposer(session: ElwoodAgentSession, adapter: ScreenReader) {
  const { lines, cursor } = session.terminal.snapshot();
  const { composerText, composerDraft } = adapter.readScreen({ lines, cursor, title: "" });
  return { composerText, composerDraft };
}

/** The failed-draft cleanup over a real session: its looks read the screen as the runtime does. */
function cleanupOver(session: ElwoodAgentSession, adapter: ScreenReader): DraftCleanup {
  let renders = 0;
  session.terminal.onData(() => {
    renders += 1;
  });
  return new DraftCleanup({
    isSafeNow: async () => {
      const { lines, cursor } = session.terminal.snapshot();
      return adapter.readScreen({ lines, cursor, title: "" }).dialog === undefined;
    },
    look: async () => {
      await session.terminal.settled();
      const { composerText, composerDraft } = readComposer(session, adapter);
      const rows = composerText === undefined ? 0 : composerText.split("\n").length;
      return { draft: composerDraft, rows, renders };
    },
    write: (data) => void session.sendKeys(data),
    sleep: async (ms) => {
      await sleep(ms);
    },
    now: () => Date.now(),
  });
}

/** Program drafts of several rows: line breaks, and a line wrapped past the width. */
const ROW_DRAFTS = {
  "two rows": "Two rows of text\nSAY<<staged-token-5678>>",
  "five rows": "one\ntwo\nthree\nfour\nSAY<<five-row-token>>",
  "a wrapped line between two rows": DRAFT,
};

/**
 * Each draft is pasted as Elwood pastes a prompt and left unsubmitted, as a prompt whose
 * Enter was lost is: the screen reading holds all of it, and one cleanup round empties it
 * (confirmed within 1 s, or on a loaded machine soon after).
 */
async function clearsProgramDrafts(
  session: ElwoodAgentSession,
  adapter: ScreenReader,
  drafts: Readonly<Record<string, string>>,
): Promise<void> {
  for (const [name, text] of Object.entries(drafts)) {
    const lastWord = text.split(/\s/).at(-1) ?? "";
    await session.sendKeys(paste(text));
    await until(() => composerRows(session).join(" ").includes(lastWord), 15_000);
    const { composerText, composerDraft } = readComposer(session, adapter);
    expect(composerDraft, name).toBe(text.replace(/\s+/g, " "));
    expect(composerText?.split("\n").length, name).toBe(composerRows(session).length);
    if (!(await cleanupOver(session, adapter).clearNow())) {
      // Not confirmed within the spec's 1 s: on a loaded machine (four e2e files at once)
      // Claude once took longer to repaint. What this test proves is that the one round's
      // keys empty a draft of several rows, so it waits for that round's result (it sends
      // no second round); rows left behind never empty and still fail here.
      const emptied = () => readComposer(session, adapter).composerDraft === "";
      await until(
        emptied,
        10_000,
        () => `${name}; the screen:\n${session.terminal.snapshot().text}`,
      );
    }
    expect(readComposer(session, adapter).composerDraft, name).toBe("");
    expect(session.terminal.snapshot().text, name).not.toContain(lastWord);
  }
}

/** A ready session of `cli` on a fresh fixture (the fixture's home trusts no folder). */
async function readySession(cli: "claude" | "codex"): Promise<ElwoodAgentSession> {
  const fx = await newFixture({ cli });
  const session = sessionOnFixture(fx, cli === "claude" ? ClaudeSession : CodexSession, {
    autotrust: true,
  });
  await session.start();
  await session.waitForStatus((status) => status === "ready", 90_000);
  return session;
}

describe("failed-draft cleanup on the real composers", () => {
  test("C-API-31: Codex: a program draft of several rows is read whole from the screen and cleared", async () => {
    await clearsProgramDrafts(await readySession("codex"), codexAdapter, ROW_DRAFTS);
  });

  test("C-API-31: Claude: a program draft of several rows is read whole from the screen and cleared", async () => {
    // Claude shows a paste of more than three lines as a "[Pasted text #1 +4 lines]" chip.
    const { "five rows": _chip, ...expanded } = ROW_DRAFTS;
    await clearsProgramDrafts(await readySession("claude"), claudeAdapter, expanded);
  });

  test.each(["claude", "codex"] as const)(
    "C-API-31: %s: a draft of several rows, one wrapped, is cleared a row at a time",
    async (cli) => {
      await clearsEveryRow(await readySession(cli));
    },
  );
});
