// `session.attach({ input, output })` (issue 25 item 3) over the real ClaudeSession and
// runtime with a scripted CLI and fake streams: the PTY takes the terminal's size before
// the replay is drawn, raw mode while attached, keys through sendKeys, resizes followed,
// the detach key (and only what came before it) ends it with the terminal restored and
// the session still ready; read-only types and resizes nothing; the agent's exit ends it.
import { PassThrough, Writable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ElwoodAttachHandle } from "../../../src/core/contract/attach.js";
import { ElwoodError } from "../../../src/errors.js";
import { FakeClaude } from "../../support/fake-agents/fake-claude.js";

const RESTORE_SHOW_CURSOR = "\x1b[?25h";
const LEAVE_ALTERNATE_SCREEN = "\x1b[?1049l";

class FakeKeyboard extends PassThrough {
  readonly isTTY = true;
  readonly rawModes: boolean[] = [];
  setRawMode(mode: boolean): this {
    this.rawModes.push(mode);
    return this;
  }
}

class FakeScreen extends Writable {
  readonly isTTY = true;
  columns = 100;
  rows = 30;
  text = "";
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString("utf8");
    done();
  }
}

/** A ready session whose terminal output is the replay "REPLAY" and then what `push` sends. */
async function readySessionWithOutput() {
  const cli = new FakeClaude();
  const listeners = new Set<(chunk: string) => void>();
  (cli as unknown as { onData: (listener: (chunk: string) => void) => () => void }).onData = (
    listener,
  ) => {
    listener("REPLAY");
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  cli.boot();
  await vi.advanceTimersByTimeAsync(100);
  expect(cli.session.status).toBe("ready");
  const push = (chunk: string) => {
    for (const listener of [...listeners]) listener(chunk);
  };
  return { cli, session: cli.session, push, listeners };
}

async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(20);
}

describe("session.attach", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("C-ATTACH-05: size first, replay then live output, raw keys in, resize followed; the detach key ends it, restores the terminal and leaves the session ready", async () => {
    const { cli, session, push, listeners } = await readySessionWithOutput();
    const input = new FakeKeyboard();
    const output = new FakeScreen();
    const handle = await session.attach({ input, output });
    await settle();
    expect(handle.detachKeyLabel).toBe("Ctrl-]");
    expect(cli.resizes.at(-1)?.size).toEqual({ cols: 100, rows: 30 });
    expect(input.rawModes).toEqual([true]);
    expect(output.text).toBe("REPLAY");
    push("live bytes");
    expect(output.text).toBe("REPLAYlive bytes");

    input.write("hello");
    await settle();
    expect(cli.writes).toContain("hello");

    output.columns = 80;
    output.rows = 24;
    output.emit("resize");
    await settle();
    expect(cli.resizes.at(-1)?.size).toEqual({ cols: 80, rows: 24 });

    const writesBefore = cli.writes.length;
    input.write("ab\x1dcd");
    await settle();
    expect(cli.writes.slice(writesBefore)).toEqual(["ab"]);
    expect(await handle.ended).toEqual({ reason: "detached", byKey: true });
    expect(input.rawModes).toEqual([true, false]);
    expect(output.text).toContain(RESTORE_SHOW_CURSOR);
    expect(output.text).toContain(LEAVE_ALTERNATE_SCREEN);
    // Nothing more reaches the terminal, and nothing the keyboard sends reaches the agent.
    expect(listeners.size).toBe(0);
    const shown = output.text;
    push("after detach");
    input.write("more keys");
    await settle();
    expect(output.text).toBe(shown);
    expect(cli.writes.slice(writesBefore)).toEqual(["ab"]);
    expect(session.status).toBe("ready");
    expect(input.isPaused()).toBe(true);
  });

  it("C-ATTACH-05: read-only drops keys and leaves the size alone; detach() and asyncDispose end it once", async () => {
    const { cli, session } = await readySessionWithOutput();
    const input = new FakeKeyboard();
    const output = new FakeScreen();
    const resizesBefore = cli.resizes.length;
    const handle: ElwoodAttachHandle = await session.attach({
      input,
      output,
      readOnly: true,
      detachKey: "ctrl-q",
    });
    const writesBefore = cli.writes.length;
    input.write("typed while watching\r");
    output.columns = 60;
    output.emit("resize");
    await settle();
    expect(cli.writes.length).toBe(writesBefore);
    expect(cli.resizes.length).toBe(resizesBefore);
    expect(output.text).toBe("REPLAY");
    expect(await handle.detach()).toEqual({ reason: "detached", byKey: false });
    await handle[Symbol.asyncDispose]();
    expect(input.rawModes).toEqual([true, false]);
    expect(output.text.split(RESTORE_SHOW_CURSOR).length).toBe(2);
  });

  it("C-ATTACH-05: the agent exiting while attached ends it with the reason and restores the terminal", async () => {
    const { cli, session } = await readySessionWithOutput();
    const input = new FakeKeyboard();
    const output = new FakeScreen();
    const handle = await session.attach({ input, output });
    cli.exit(3);
    await settle();
    expect(await handle.ended).toEqual({
      reason: "ended",
      message: "The agent exited (code 3).",
    });
    expect(input.rawModes).toEqual([true, false]);
    expect(output.text).toContain(RESTORE_SHOW_CURSOR);
  });

  it("C-ATTACH-04: a bad detach key or missing streams are invalid_options before the terminal is touched", async () => {
    const { session } = await readySessionWithOutput();
    const input = new FakeKeyboard();
    const output = new FakeScreen();
    await expect(session.attach({ input, output, detachKey: "ctrl-[" })).rejects.toSatisfy(
      (error) => ElwoodError.is(error, "invalid_options"),
    );
    await expect(
      session.attach({ input, output: undefined as unknown as FakeScreen }),
    ).rejects.toSatisfy((error) => ElwoodError.is(error, "invalid_options"));
    expect(input.rawModes).toEqual([]);
    expect(output.text).toBe("");
  });
});
