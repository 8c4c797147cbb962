// `terminal:input` (issue 49): every write that reached the PTY is reported as written, text
// and raw bytes alike, after the write went through; a failed write is not reported.
import { describe, expect, it } from "vitest";
import { SessionEvents } from "../../../../src/core/context/session-events.js";
import type { TerminalPort } from "../../../../src/core/contract/ports.js";
import { observeWrites, type PtyProcess } from "../../../../src/terminal/pty-process.js";

const terminal = { onData: () => () => {} } as unknown as TerminalPort;

function fakePty(written: (string | Uint8Array)[], failing: () => boolean): PtyProcess {
  return {
    pid: 42,
    write: (data) => {
      if (failing()) throw new Error("EIO");
      written.push(data);
    },
    resize: () => {},
    pause: () => {},
    resume: () => {},
    kill: () => {},
    onData: () => () => {},
    onExit: () => () => {},
  };
}

describe("terminal:input reports every PTY write", () => {
  it("text and bytes, in order, after the PTY took them; a failed write is not reported", () => {
    const events = new SessionEvents({ elwoodSessionId: "s1", agent: "claude", terminal });
    const seen: string[] = [];
    events.on("terminal:input", (input) => seen.push(input));
    const written: (string | Uint8Array)[] = [];
    let failing = false;
    const observed = observeWrites(fakePty(written, () => failing));
    observed.onWrite((data) => events.emitTerminalInput(data));
    const { pty } = observed;
    expect(pty.pid).toBe(42);
    pty.write("\x1b[200~hi\x1b[201~");
    pty.write(new Uint8Array([0x0d]));
    failing = true;
    expect(() => pty.write("2")).toThrow("EIO");
    expect(written).toHaveLength(2);
    expect(seen).toEqual(["\x1b[200~hi\x1b[201~", "\r"]);
  });
});
