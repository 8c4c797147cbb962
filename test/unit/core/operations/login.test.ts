// login() against captured Claude 2.1.332 screens (prd/operations.md "login()"): the
// dialog reader on the live-captured method list, URL/paste prompt and OAuth error; the
// URL allowlist and code checks; and the whole transaction, success included, driven
// through a fake terminal that replays those frames. The success frame is the captured
// URL frame with the rows the binary prints on success ("Login successful. Press Enter to
// continue"), since the real sign-in service cannot be reached offline.
import { describe, expect, test } from "vitest";
import { CLAUDE_LOGIN_FACTS } from "../../../../src/claude/screen/login.js";
import type { SessionContext } from "../../../../src/core/context/session-context.js";
import type { ScreenReading } from "../../../../src/core/contract/adapter.js";
import type { TerminalPort } from "../../../../src/core/contract/ports.js";
import {
  checkLoginOptionsShape,
  LoginRun,
  normalizeLoginOptions,
} from "../../../../src/core/operations/login.js";
import {
  checkAuthUrl,
  checkLoginCode,
  readLoginScreen,
} from "../../../../src/core/operations/login-screen.js";
import { loadScreen } from "../screen/load-screen.js";
import { fakeOperationContext } from "./fake-operation-context.js";

const facts = CLAUDE_LOGIN_FACTS;
const COLS = 189;
const frame = (name: string) => loadScreen(`claude-2.1.332-${name}`).lines;
const METHODS = frame("login-methods");
const URL_FRAME = frame("login-url");
const OAUTH_ERROR = frame("login-oauth-error");
const COMPOSER = frame("composer");
const SUCCESS = [
  ...URL_FRAME.slice(0, URL_FRAME.findIndex((line) => /^\s*Login\s*$/.test(line)) + 1),
  "  Login successful. Press Enter to continue…",
];

describe("readLoginScreen on captured Claude 2.1.332 frames", () => {
  test("C-API-43: the method list, its highlight and each method's row", () => {
    const screen = readLoginScreen(METHODS, COLS, facts);
    expect(screen).toMatchObject({ isOpen: true, hasMethodList: true, isFailure: false });
    expect(screen.selectedRow).toBe(screen.methodRows.claudeai);
    expect(Object.keys(screen.methodRows).sort()).toEqual(["claudeai", "console", "third_party"]);
  });

  test("C-API-43: the URL and the paste prompt; the OAuth error; a plain composer is no dialog", () => {
    const url = readLoginScreen(URL_FRAME, COLS, facts);
    expect(url.url).toMatch(/^https:\/\/claude\.ai\/oauth\/authorize\?/);
    expect(url).toMatchObject({ hasCodePrompt: true, hasMethodList: false, isFailure: false });
    expect(readLoginScreen(OAUTH_ERROR, COLS, facts)).toMatchObject({
      isOpen: true,
      isFailure: true,
    });
    expect(readLoginScreen(COMPOSER, COLS, facts).isOpen).toBe(false);
  });

  test("a URL wrapped over full-width rows is joined", () => {
    const long = `https://claude.ai/oauth/authorize?${"x".repeat(60)}`;
    const wrapped = [long.slice(0, 40), long.slice(40, 80), long.slice(80)];
    const rows = ["  Login", ...wrapped, "  Paste code here if prompted"];
    expect(readLoginScreen(rows, 40, facts).url).toBe(long);
  });
});

describe("login checks", () => {
  test("C-API-43: only https URLs on an Anthropic host without credentials pass", () => {
    expect(checkAuthUrl("https://claude.ai/oauth/authorize?a=1", facts)).toContain("claude.ai");
    expect(checkAuthUrl("https://platform.claude.com/oauth/authorize", facts)).toContain(
      "platform",
    );
    for (const bad of [
      "http://claude.ai/oauth/authorize",
      "https://claude.ai.evil.test/oauth",
      "https://user:pw@claude.ai/oauth",
      "https://example.com/oauth",
      "not a url",
    ]) {
      expect(() => checkAuthUrl(bad, facts), bad).toThrow(
        expect.objectContaining({ name: "login_failed" }),
      );
    }
  });

  test("C-API-43: empty, oversized or control-character codes are login_failed", () => {
    expect(checkLoginCode("  abc#def \n")).toBe("abc#def");
    for (const bad of ["", "   ", "x".repeat(4097), "ab\u001bcd", "ab\rcd", 42]) {
      expect(() => checkLoginCode(bad)).toThrow(expect.objectContaining({ name: "login_failed" }));
    }
  });

  test("bad options are invalid_options before anything is queued", () => {
    const provideCode = () => "code";
    for (const bad of [
      undefined,
      {},
      { provideCode, method: "sso" },
      { provideCode, timeoutMs: 0 },
    ]) {
      expect(() => normalizeLoginOptions(checkLoginOptionsShape(bad), facts)).toThrow(
        expect.objectContaining({ name: "invalid_options" }),
      );
    }
    expect(normalizeLoginOptions({ provideCode }, facts)).toMatchObject({
      method: "claudeai",
      timeoutMs: 300_000,
    });
  });
});

// A fake Claude: "/login" + Enter opens the method list; Enter on the highlighted method
// shows the URL frame; a pasted code + Enter shows `afterCode`; Enter on success closes.
function fakeClaude(afterCode: readonly string[]) {
  const writes: string[] = [];
  let lines: readonly string[] = COMPOSER;
  let typed = "";
  let selected = 0;
  const methodsFrame = () =>
    METHODS.map((line) => {
      const match = /^\s*(❯\s)?\s*([123])\.\s/.exec(line);
      if (match === null) return line;
      const isSelected = Number(match[2]) - 1 === selected;
      return line.replace(/^\s*(❯\s)?\s*/, isSelected ? "  ❯ " : "    ");
    });
  const terminal = {
    size: { cols: COLS, rows: 48 },
    settled: async () => undefined,
    snapshot: () => ({ lines, text: lines.join("\n"), cursor: { x: 0, y: 0, isVisible: false } }),
    sendInput(data: string | Uint8Array) {
      const text = String(data);
      writes.push(text);
      if (lines === COMPOSER && text === "\r" && typed === "/login") {
        lines = methodsFrame();
        typed = "";
      } else if (lines === COMPOSER) typed += text;
      else if (text === "\x1b[B") selected = Math.min(2, selected + 1);
      else if (text === "\x1b[A") selected = Math.max(0, selected - 1);
      else if (text === "\r" && readLoginScreen(lines, COLS, facts).hasMethodList)
        lines = URL_FRAME;
      else if (text === "\r" && lines === URL_FRAME) lines = afterCode;
      else if (text === "\r" && lines === SUCCESS) lines = COMPOSER;
      else if (text === "\x1b") lines = COMPOSER;
      if (readLoginScreen(lines, COLS, facts).hasMethodList) lines = methodsFrame();
    },
  } as unknown as TerminalPort;
  // The composer shows what was typed into it, as Claude's does.
  const reading = (): ScreenReading =>
    ({
      dialog: undefined,
      hasIdleComposer: lines === COMPOSER,
      composerDraft: lines === COMPOSER ? typed : undefined,
    }) as unknown as ScreenReading;
  const context = fakeOperationContext({ displayName: "Claude Code", terminal, reading });
  return { context, writes };
}

describe("runLogin through a fake terminal replaying the captured frames", () => {
  test("C-API-43: picks the method by cursor, reports the URL, writes the code with one Enter, resolves after success", async () => {
    const { context, writes } = fakeClaude(SUCCESS);
    const urls: string[] = [];
    let asked = 0;
    const options = normalizeLoginOptions(
      {
        method: "console",
        onAuthUrl: (url: string) => urls.push(url),
        provideCode: () => {
          asked += 1;
          return "the-code#state";
        },
        timeoutMs: 10_000,
      },
      facts,
    );
    await new LoginRun(context, facts, options).run();
    expect(urls).toEqual([expect.stringMatching(/^https:\/\/claude\.ai\/oauth\/authorize\?/)]);
    expect(asked).toBe(1);
    expect(writes.slice(0, 2)).toEqual(["/login", "\r"]);
    expect(writes.filter((write) => write === "\x1b[B")).toHaveLength(1);
    const paste = writes.findIndex((write) => write.includes("the-code#state"));
    expect(writes[paste]).toBe("\x1b[200~the-code#state\x1b[201~");
    // Exactly one Enter after the code (the success screen's own Enter comes later, once shown).
    expect(writes.slice(paste + 1)).toEqual(["\r", "\r"]);
  });

  test("C-API-43: the CLI's OAuth error is login_failed at the code stage and the dialog is closed", async () => {
    const { context, writes } = fakeClaude(OAUTH_ERROR);
    const options = normalizeLoginOptions({ provideCode: () => "code", timeoutMs: 10_000 }, facts);
    await expect(new LoginRun(context, facts, options).run()).rejects.toMatchObject({
      name: "login_failed",
      details: { stage: "code" },
    });
    expect(writes.at(-1)).toBe("\x1b");
    expect(readLoginScreen(context.terminal.snapshot().lines, COLS, facts).isOpen).toBe(false);
  });

  test("C-API-43: a CLI that shows each Escape 600 ms late gets one per stage, and none reaches the composer", async () => {
    const { context, writes } = fakeClaude(OAUTH_ERROR);
    // The fake walks to the OAuth error as usual; from there each Escape shows 600 ms late:
    // the error screen goes back to the method list, then the list closes.
    const stages = [OAUTH_ERROR, METHODS, COMPOSER];
    let shown = context.terminal.snapshot().lines;
    let pending = 0;
    let strayEscapes = 0;
    const slow = {
      ...context,
      terminal: {
        ...context.terminal,
        snapshot: () => ({ lines: shown, text: shown.join("\n") }),
        sendInput(data: string | Uint8Array) {
          const stage = stages.indexOf(shown);
          if (String(data) !== "\x1b" || stage === -1) {
            context.terminal.sendInput(data);
            shown = context.terminal.snapshot().lines;
            return;
          }
          writes.push("\x1b");
          pending += 1;
          if (stage + pending > 2) strayEscapes += 1;
          setTimeout(() => {
            pending -= 1;
            shown = stages[Math.min(2, stages.indexOf(shown) + 1)] ?? COMPOSER;
          }, 600);
        },
      },
    } as unknown as SessionContext;
    const options = normalizeLoginOptions({ provideCode: () => "code", timeoutMs: 10_000 }, facts);
    await expect(new LoginRun(slow, facts, options).run()).rejects.toMatchObject({
      name: "login_failed",
      details: { stage: "code" },
    });
    expect(writes.filter((write) => write === "\x1b")).toHaveLength(2);
    expect(strayEscapes).toBe(0);
    expect(shown).toBe(COMPOSER);
  });

  test("C-API-43: no success in time is login_timeout, and provideCode is never called without a paste prompt", async () => {
    const { context } = fakeClaude(SUCCESS);
    let asked = 0;
    const stuck = { ...context, terminal: { ...context.terminal, sendInput: () => undefined } };
    const options = normalizeLoginOptions(
      {
        provideCode: () => {
          asked += 1;
          return "code";
        },
        timeoutMs: 400,
      },
      facts,
    );
    await expect(new LoginRun(stuck as SessionContext, facts, options).run()).rejects.toMatchObject(
      {
        name: "login_timeout",
      },
    );
    expect(asked).toBe(0);
  });
});
