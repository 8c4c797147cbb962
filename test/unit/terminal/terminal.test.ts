// ElwoodTerminal over a FakePty with the real headless xterm: screen, title, cursor,
// input path, resize, replay, settled(), renderFailed, quiet tracking, disposal.

import { afterEach, describe, expect, it } from "vitest";
import { ElwoodError } from "../../../src/errors.js";
import { DEFAULT_TERMINAL_SIZE, ElwoodTerminal } from "../../../src/terminal/terminal.js";
import { FakePty } from "../../support/fake-pty.js";

const terminals: ElwoodTerminal[] = [];
function createTerminal(options: Partial<ConstructorParameters<typeof ElwoodTerminal>[0]> = {}) {
  const pty = options.pty instanceof FakePty ? options.pty : new FakePty();
  const terminal = new ElwoodTerminal({ size: { cols: 40, rows: 6 }, ...options, pty });
  terminals.push(terminal);
  return { pty, terminal };
}

afterEach(() => {
  for (const terminal of terminals.splice(0)) terminal.dispose();
});

describe("ElwoodTerminal", () => {
  it("defaults to 189×48", () => {
    const terminal = new ElwoodTerminal({ pty: new FakePty() });
    terminals.push(terminal);
    expect(DEFAULT_TERMINAL_SIZE).toEqual({ cols: 189, rows: 48 });
    expect(terminal.size).toEqual({ cols: 189, rows: 48 });
    expect(terminal.xterm.cols).toBe(189);
    expect(terminal.xterm.rows).toBe(48);
  });

  it("C-PTY-07: renders cursor-positioned output into the snapshot after settled()", async () => {
    const { pty, terminal } = createTerminal();
    pty.pushOutput("hello   \r\n\x1b[4;3Hplaced");
    await terminal.settled();
    const snapshot = terminal.snapshot();
    expect(snapshot.lines).toHaveLength(6);
    expect(snapshot.lines[0]).toBe("hello");
    expect(snapshot.lines[3]).toBe("  placed");
    expect(snapshot.text).toBe(snapshot.lines.join("\n"));
    expect(snapshot.cursor).toEqual({ x: 8, y: 3, isVisible: true });
  });

  it("tracks cursor visibility (DECTCEM) and the latest OSC 0/2 title", async () => {
    const { pty, terminal } = createTerminal();
    pty.pushOutput("\x1b]0;first\x07\x1b[?25l");
    await terminal.settled();
    expect(terminal.title).toBe("first");
    expect(terminal.snapshot().cursor.isVisible).toBe(false);
    pty.pushOutput("\x1b]2;second\x1b\\\x1b[?25h");
    await terminal.settled();
    expect(terminal.title).toBe("second");
    expect(terminal.snapshot().cursor.isVisible).toBe(true);
  });

  it("C-PTY-03: replays the live buffer to each new onData subscriber, then streams", () => {
    const { pty, terminal } = createTerminal();
    pty.pushOutput("early ");
    pty.pushOutput("output");
    const first: string[] = [];
    const second: string[] = [];
    terminal.onData((chunk) => first.push(chunk));
    pty.pushOutput(" live");
    terminal.onData((chunk) => second.push(chunk));
    expect(first).toEqual(["early output", " live"]);
    expect(second).toEqual(["early output live"]);
  });

  it("C-PTY-03: bounds the replay to the configured size", () => {
    const { pty, terminal } = createTerminal({ replayBytes: 8 });
    pty.pushOutput("0123456789abcdef");
    const seen: string[] = [];
    terminal.onData((chunk) => seen.push(chunk));
    expect(seen).toEqual(["89abcdef"]);
  });

  it("PTY bytes cut inside characters reach onData whole and the snapshot intact, in batches cut anywhere", async () => {
    const { pty, terminal } = createTerminal({ limits: { batchBytes: 3 } });
    const text = "héllo €uro 😀 wörld —…’›𐀀";
    const seen: string[] = [];
    terminal.onData((chunk) => seen.push(chunk));
    for (const byte of Buffer.from(text, "utf8")) pty.pushOutput(Uint8Array.of(byte));
    await terminal.settled();
    expect(seen.join("")).toBe(text);
    for (const chunk of seen) expect(chunk).not.toContain("\ufffd");
    expect(terminal.snapshot().lines[0]).toBe(text);
  });

  it("a snapshot after settled() shows every byte received before it, the last character's included", async () => {
    const { pty, terminal } = createTerminal();
    const bytes = Buffer.from("line one\r\nline two €", "utf8");
    pty.pushOutput(bytes.subarray(0, bytes.length - 2));
    const early = terminal.settled();
    pty.pushOutput(bytes.subarray(bytes.length - 2));
    await early;
    await terminal.settled();
    expect(terminal.snapshot().lines.slice(0, 2)).toEqual(["line one", "line two €"]);
  });

  it("C-PTY-04: sendInput goes through xterm's input path to the PTY unsanitized", () => {
    const { pty, terminal } = createTerminal();
    terminal.sendInput("\x1b[200~raw\x1b\r");
    expect(pty.written).toBe("\x1b[200~raw\x1b\r");
  });

  it("forwards xterm's replies to terminal queries (cursor position report) to the PTY", async () => {
    const { pty, terminal } = createTerminal();
    pty.pushOutput("\x1b[2;5H\x1b[6n");
    await terminal.settled();
    expect(pty.written).toBe("\x1b[2;5R");
  });

  it("C-PTY-05: resize changes the PTY and the screen model", () => {
    const { pty, terminal } = createTerminal();
    terminal.resize({ cols: 100, rows: 30 });
    expect(pty.resizes).toEqual([{ cols: 100, rows: 30 }]);
    expect(terminal.size).toEqual({ cols: 100, rows: 30 });
    expect(terminal.xterm.cols).toBe(100);
    expect(terminal.snapshot().lines).toHaveLength(30);
  });

  it("C-PTY-05: a resize error from an already-closed fd is ignored", () => {
    const pty = new FakePty({ resizeError: new Error("ioctl(2) failed, EBADF") });
    const { terminal } = createTerminal({ pty });
    expect(() => terminal.resize({ cols: 50, rows: 10 })).not.toThrow();
    expect(terminal.xterm.cols).toBe(50);
  });

  // An invalid size never reaches the terminal: the session's resize() and the initialSize
  // option refuse it (test/integration/options/session-methods.test.ts, issue 20 item 5).
  it("a real resize failure is an ElwoodError", () => {
    const pty = new FakePty({ resizeError: new Error("permission denied") });
    const { terminal } = createTerminal({ pty });
    expect(() => terminal.resize({ cols: 50, rows: 10 })).toThrow(ElwoodError);
    try {
      terminal.resize({ cols: 50, rows: 10 });
      expect.unreachable();
    } catch (error) {
      expect(ElwoodError.is(error, "session_not_running")).toBe(true);
    }
  });

  it("renderFailed is sticky once the parser throws, and settled() still resolves", async () => {
    const { pty, terminal } = createTerminal();
    const failures: unknown[] = [];
    terminal.onRenderFailed((error) => failures.push(error));
    terminal.xterm.write = () => {
      throw new Error("parser exploded");
    };
    pty.pushOutput("boom");
    await terminal.settled();
    expect(terminal.renderFailed).toBe(true);
    expect(failures).toHaveLength(1);
    pty.pushOutput("later output");
    await terminal.settled();
    expect(terminal.renderFailed).toBe(true);
  });

  it("onRender fires after each parsed batch with a rising sequence", async () => {
    const { pty, terminal } = createTerminal();
    const renders: number[] = [];
    terminal.onRender((event) => renders.push(event.sequence));
    pty.pushOutput("one");
    await terminal.settled();
    pty.pushOutput("two");
    await terminal.settled();
    expect(renders).toEqual([1, 2]);
  });

  it("writeOutput renders locally without reaching onData subscribers", async () => {
    const { terminal } = createTerminal();
    const seen: string[] = [];
    terminal.onData((chunk) => seen.push(chunk));
    terminal.writeOutput("local note");
    await terminal.settled();
    expect(terminal.snapshot().lines[0]).toBe("local note");
    expect(seen).toEqual([]);
  });

  it("tracks lastOutputAt and isQuiet with the supplied clock", () => {
    let now = 1_000;
    const { pty, terminal } = createTerminal({ now: () => now });
    expect(terminal.lastOutputAt).toBeUndefined();
    now = 1_500;
    expect(terminal.isQuiet(500)).toBe(true);
    pty.pushOutput("tick");
    expect(terminal.lastOutputAt).toBe(1_500);
    now = 1_900;
    expect(terminal.isQuiet(500)).toBe(false);
    now = 2_000;
    expect(terminal.isQuiet(500)).toBe(true);
  });

  it("dispose is idempotent, stops listening, resumes a paused PTY and settles waiters", async () => {
    const { pty, terminal } = createTerminal({
      limits: { pauseAtBytes: 4, stallTimeoutMs: 60_000 },
    });
    pty.pushOutput("0123456789");
    expect(pty.isPaused).toBe(true);
    const settled = terminal.settled();
    terminal.dispose();
    terminal.dispose();
    await expect(settled).resolves.toBeUndefined();
    await expect(terminal.settled()).resolves.toBeUndefined();
    expect(pty.isPaused).toBe(false);
    expect(pty.dataListenerCount).toBe(0);
    expect(terminal.isDisposed).toBe(true);
    expect(() => terminal.sendInput("x")).toThrow(ElwoodError);
  });
});
