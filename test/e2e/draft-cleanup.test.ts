// Failed-draft cleanup on the real pinned CLIs (api.md "Failed-draft cleanup"): every
// composer kills only the cursor's row on Ctrl-U / Ctrl-K, so a program draft of several
// rows (a prompt with newlines, a line wrapped past the screen's width) is cleared a row
// at a time. Found by the 32x4 bench (stop 31): a doubled prompt cleared with one
// Ctrl-E Ctrl-U left rows behind, and the next prompt was typed onto them and sent with them.
// The cleanup itself, reading the real screens through the adapters' screen facts, clears
// program drafts of several rows: Codex grows its composer upward over its status line,
// and a fact that looked for that line only two rows under "›" saw no composer at all.
// Every agent of the one table (support/agent-table.ts).
import { describe, expect, test } from "vitest";
import type { ScreenFrame, ScreenReading } from "../../src/core/contract/adapter.js";
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import { clearDraftKeys, DraftCleanup } from "../../src/core/screen/draft-cleanup.js";
import { AGENT_ROWS, type AgentRow } from "../support/agent-table.js";
import { ensureGone } from "../support/claude-e2e.js";
import { useRealCliFixture } from "../support/real-cli-fixture.js";

const newFixture = useRealCliFixture();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const paste = (text: string) => `\x1b[200~${text}\x1b[201~`;
/** Three rows of text, the last one longer than the 189-column screen. */
const DRAFT = `first-row-of-draft\nsecond-row-of-draft\n${Array.from({ length: 40 }, (_, i) => `wrapped${i}`).join(" ")}`;

/**
 * The screen rows showing `draft`, read apart from the adapters: rows whose words are all
 * the draft's own, a glyph or border before them aside (each CLI draws its composer in its
 * own way, and the draft's words are found on no other row).
 */
function draftRows(session: ElwoodAgentSession, draft: string): string[] {
  const words = new Set(draft.split(/\s+/).filter(Boolean));
  return session.terminal
    .snapshot()
    .lines.map((line) => line.trim().split(/\s+/).filter(Boolean))
    .map((tokens) => tokens.slice(tokens.findIndex((token) => /[\p{L}\p{N}]/u.test(token))))
    .filter((tokens) => tokens.length > 0 && tokens.every((token) => words.has(token)))
    .map((tokens) => tokens.join(" "));
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
  const screen = () => `the screen:\n${session.terminal.snapshot().text}`;
  await session.sendKeys(paste(DRAFT));
  await until(() => draftRows(session, DRAFT).join(" ").includes("wrapped39"), 15_000, screen);
  const rows = draftRows(session, DRAFT);
  expect(rows.length).toBeGreaterThanOrEqual(4);
  // What the old cleanup wrote, for contrast: it leaves the rows above the cursor.
  await session.sendKeys("\x05\x15");
  await sleep(1_000);
  expect(draftRows(session, DRAFT).join(" "), screen()).toContain("first-row-of-draft");
  await session.sendKeys(clearDraftKeys(rows.length));
  await until(() => draftRows(session, DRAFT).length === 0, 5_000, screen);
  expect(session.terminal.snapshot().text).not.toMatch(/row-of-draft|wrapped/);
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
    await until(() => draftRows(session, text).join(" ").includes(lastWord), 15_000);
    // The whole frame, not the first rows of its repaint: Gemini draws the composer's rows
    // before the footer under them, which is what tells its composer (a frame read between
    // the two, on a loaded machine, showed no composer yet).
    const whole = text.replace(/\s+/g, " ");
    await until(
      () => readComposer(session, adapter).composerDraft === whole,
      5_000,
      () => `${name}; the screen:\n${session.terminal.snapshot().text}`,
    );
    const { composerText } = readComposer(session, adapter);
    expect(composerText?.split("\n").length, name).toBe(draftRows(session, text).length);
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

/** A ready session of the row's agent on a fresh fixture. */
async function readySession(row: AgentRow): Promise<ElwoodAgentSession> {
  const fx = await newFixture(row.fixture);
  const session = await row.start({ cwd: fx.workspace, env: fx.home.env, stateDir: fx.stateDir });
  fx.defer(() => ensureGone(session));
  await session.waitForStatus((status) => status === "ready", 90_000);
  return session;
}

/** The drafts that show whole in the row's composer (a long paste may show as a chip). */
function shownWhole(row: AgentRow): Readonly<Record<string, string>> {
  const limit = row.pasteChipOverLines ?? Number.POSITIVE_INFINITY;
  return Object.fromEntries(
    Object.entries(ROW_DRAFTS).filter(([, text]) => text.split("\n").length <= limit),
  );
}

describe("failed-draft cleanup on the real composers", () => {
  test.each(AGENT_ROWS)(
    "C-API-31: $agent: a program draft of several rows is read whole from the screen and cleared",
    async (row) => {
      await clearsProgramDrafts(await readySession(row), row, shownWhole(row));
    },
  );

  test.each(AGENT_ROWS)(
    "C-API-31: $agent: a draft of several rows, one wrapped, is cleared a row at a time",
    async (row) => {
      await clearsEveryRow(await readySession(row));
    },
  );
});
