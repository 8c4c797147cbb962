// `--head` (C-CLI-18): the agent's bytes reach stderr verbatim, typing is swallowed but
// Ctrl-C interrupts, the PTY follows the viewer's size, a stalled viewer fails the run once,
// the terminal gets its modes back, and the flag is refused where it cannot work.
import { EventEmitter } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable, Writable } from "node:stream";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { CliIo } from "../../../../src/cli/io/cli-io.js";
import { main } from "../../../../src/cli/program.js";
import {
  HEAD_BACKLOG_LIMIT,
  HEAD_RESTORE_SEQUENCE,
  HeadMirror,
} from "../../../../src/cli/run/head-mirror.js";
import type { ElwoodTerminalSize } from "../../../../src/index.js";

class FakeTtyIn extends PassThrough {
  readonly isTTY = true;
  readonly modes: boolean[] = [];
  setRawMode(mode: boolean): this {
    this.modes.push(mode);
    return this;
  }
}

/** A terminal whose writes complete only when `drain()` says so, like a slow viewer. */
class FakeTtyOut extends Writable {
  readonly isTTY = true;
  columns = 132;
  rows = 41;
  readonly written: string[] = [];
  readonly #pending: (() => void)[] = [];
  constructor(private readonly holdWrites = false) {
    super({ highWaterMark: Number.MAX_SAFE_INTEGER });
  }
  override _write(chunk: Buffer, _encoding: string, callback: () => void): void {
    this.written.push(chunk.toString());
    if (this.holdWrites) this.#pending.push(callback);
    else callback();
  }
  text(): string {
    return this.written.join("");
  }
}

class FakeSession {
  readonly sizes: ElwoodTerminalSize[] = [];
  readonly #data = new EventEmitter();
  on(_event: "terminal:data", handler: (data: string) => void): () => void {
    this.#data.on("data", handler);
    return () => this.#data.off("data", handler);
  }
  emit(_event: "terminal:data", data: string): void {
    this.#data.emit("data", data);
  }
  async resize(size: ElwoodTerminalSize): Promise<void> {
    this.sizes.push(size);
  }
}

const mirrors: HeadMirror[] = [];
afterEach(() => {
  for (const mirror of mirrors.splice(0)) mirror.restore();
});

function open(out = new FakeTtyOut()) {
  const stdin = new FakeTtyIn();
  const mirror = new HeadMirror(stdin, out);
  mirrors.push(mirror);
  const session = new FakeSession();
  const overflow = vi.fn();
  mirror.attach(session, overflow);
  return { stdin, out, mirror, session, overflow };
}

describe("HeadMirror", () => {
  test("C-CLI-18: writes the agent's bytes verbatim and takes the viewer's size", () => {
    const { out, mirror, session } = open();
    const frame = "\x1b[?1049h\x1b[2J\x1b[1;1H\x1b[38;5;208m✻ Welcome\x1b[0m";
    session.emit("terminal:data", frame);
    expect(out.text()).toBe(frame);
    expect(mirror.size()).toEqual({ cols: 132, rows: 41 });
  });

  test("C-CLI-18: typing is swallowed, Ctrl-C interrupts, raw mode is on until restored", () => {
    const { stdin, out, mirror } = open();
    const interrupted = vi.fn();
    mirror.onInterrupt(interrupted);
    stdin.write("rm -rf /\r");
    expect(interrupted).not.toHaveBeenCalled();
    stdin.write("\x03");
    expect(interrupted).toHaveBeenCalledTimes(1);
    expect(stdin.modes).toEqual([true]);
    mirror.restore();
    mirror.restore();
    expect(stdin.modes).toEqual([true, false]);
    expect(out.text().endsWith(HEAD_RESTORE_SEQUENCE)).toBe(true);
    expect(out.text().split(HEAD_RESTORE_SEQUENCE)).toHaveLength(2);
  });

  test("C-CLI-18: a resize of the viewer resizes the agent's PTY", () => {
    const { out, session } = open();
    out.columns = 90;
    out.rows = 25;
    out.emit("resize");
    expect(session.sizes).toEqual([{ cols: 90, rows: 25 }]);
  });

  test("C-CLI-18: a viewer that stops draining fails the run once, at the frame bound", () => {
    const { out, session, overflow } = open(new FakeTtyOut(true));
    for (let i = 0; i < HEAD_BACKLOG_LIMIT.frames; i++) session.emit("terminal:data", "x");
    expect(overflow).not.toHaveBeenCalled();
    session.emit("terminal:data", "y");
    session.emit("terminal:data", "z");
    expect(overflow).toHaveBeenCalledTimes(1);
    expect(String(overflow.mock.calls[0]?.[0])).toContain("--head");
    expect(out.text()).not.toContain("y");
  });

  test("C-CLI-18: the byte bound holds too", () => {
    const { session, overflow } = open(new FakeTtyOut(true));
    const chunk = "z".repeat(1024 * 1024);
    for (let i = 0; i < 4; i++) session.emit("terminal:data", chunk);
    expect(overflow).not.toHaveBeenCalled();
    session.emit("terminal:data", "!");
    expect(overflow).toHaveBeenCalledTimes(1);
  });

  test("after restore nothing more is mirrored and input is no longer read", () => {
    const { stdin, out, mirror, session } = open();
    const interrupted = vi.fn();
    mirror.onInterrupt(interrupted);
    mirror.restore();
    const before = out.text();
    session.emit("terminal:data", "late");
    stdin.write("\x03");
    expect(out.text()).toBe(before);
    expect(interrupted).not.toHaveBeenCalled();
  });
});

describe("elwood --head refuses what it cannot do, before anything starts", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "elwood-head-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function elwood(argv: string[], tty: { stdin: boolean; stderr: boolean }) {
    const err = new FakeTtyOut();
    const stdin = Object.assign(Readable.from([]), { isTTY: tty.stdin });
    const stderr = Object.assign(err, { isTTY: tty.stderr });
    const stdout = new PassThrough();
    const io: CliIo = {
      stdin,
      stdout,
      stderr,
      // No agent on PATH: a run that got past validation would fail differently.
      env: {
        HOME: dir,
        XDG_CONFIG_HOME: join(dir, "c"),
        XDG_STATE_HOME: join(dir, "s"),
        PATH: dir,
      },
      cwd: dir,
    };
    const out: string[] = [];
    stdout.on("data", (chunk: Buffer) => out.push(chunk.toString()));
    const code = await main(argv, io);
    // JSONL reports even a usage error as its error record on stdout.
    return { code, stderr: err.text() + out.join("") };
  }

  test("C-CLI-18: without a terminal on stderr or stdin → usage error naming the fix", async () => {
    for (const tty of [
      { stdin: true, stderr: false },
      { stdin: false, stderr: true },
    ]) {
      const run = await elwood(["--head", "--agent", "claude", "hello"], tty);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("--head");
      expect(run.stderr).toContain("terminal");
    }
  });

  test.each([["--stream"], ["--verbose"], ["--debug"], ["--output", "jsonl"]])(
    "C-CLI-18: --head with %s → usage error",
    async (...flag) => {
      const run = await elwood(["--head", ...flag, "--agent", "claude", "hello"], {
        stdin: true,
        stderr: true,
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`--head cannot be combined with ${flag.join(" ")}`);
    },
  );
});
