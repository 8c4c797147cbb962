// Keys typed on a terminal socket before the session's first ready are held, in order,
// and typed once it is ready; a dialog first drops them; too many are refused; the person
// is told each time (issue 47, prd/serve.md "Keys wait for a session that can take them").
import { describe, expect, it } from "vitest";
import { type KeyHoldNotice, StartupKeyHold } from "../../../src/serve/startup-key-hold.js";

function setUp(isStarting: boolean) {
  const typed: string[] = [];
  const notices: KeyHoldNotice[] = [];
  const errors: unknown[] = [];
  const hold = new StartupKeyHold({
    sessionId: "s-1",
    isStarting,
    type: async (keys) => {
      typed.push(Buffer.from(keys).toString("utf8"));
    },
    notify: (notice) => notices.push(notice),
    onError: (error) => errors.push(error),
  });
  return { hold, typed, notices, errors };
}

const bytes = (text: string) => Buffer.from(text, "utf8");
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe("StartupKeyHold", () => {
  it("passes keys straight through to a session that is past starting, with no notice", async () => {
    const { hold, typed, notices } = setUp(false);
    hold.keys(bytes("hi"));
    await settle();
    expect(typed).toEqual(["hi"]);
    expect(notices).toEqual([]);
  });

  it("holds keys while starting, says so, and types them in order once ready, before later keys", async () => {
    const { hold, typed, notices, errors } = setUp(true);
    expect(notices.map((notice) => notice.type)).toEqual(["starting"]);
    hold.keys(bytes("hello"));
    hold.keys(bytes("\r"));
    hold.onStatus("running");
    await settle();
    expect(typed).toEqual([]);
    hold.onStatus("ready");
    hold.keys(bytes("after"));
    await settle();
    expect(typed).toEqual(["hello", "\r", "after"]);
    expect(notices.at(-1)).toMatchObject({ type: "ready", heldBytes: 6 });
    expect(notices.at(-1)?.message).toContain("what you typed while it started was typed");
    expect(errors).toEqual([]);
  });

  it("replays the gaps the keys were typed with, so a line and its Enter are not one burst", async () => {
    const { hold, typed } = setUp(true);
    hold.keys(bytes("line"));
    await new Promise((resolve) => setTimeout(resolve, 150));
    hold.keys(bytes("\r"));
    const releasedAt = Date.now();
    hold.onStatus("ready");
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(typed).toEqual(["line"]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(typed).toEqual(["line", "\r"]);
    expect(Date.now() - releasedAt).toBeGreaterThanOrEqual(140);
  });

  it("drops held keys when the session stops at a dialog instead, and says why", async () => {
    const { hold, typed, notices } = setUp(true);
    hold.keys(bytes("y\r"));
    hold.onStatus("blocked");
    hold.keys(bytes("2"));
    await settle();
    // The dropped keys never reach the dialog; keys typed after the notice do.
    expect(typed).toEqual(["2"]);
    expect(notices.at(-1)).toMatchObject({ type: "held_keys_dropped", heldBytes: 2 });
    expect(notices.at(-1)?.message).toContain("dialog");
  });

  it("refuses keys beyond 16 KB while starting, visibly, and keeps what it held", async () => {
    const { hold, typed, notices } = setUp(true);
    hold.keys(new Uint8Array(16 * 1024).fill(0x61));
    hold.keys(bytes("more"));
    expect(notices.at(-1)?.type).toBe("keys_refused");
    hold.onStatus("ready");
    await settle();
    expect(typed.join("").length).toBe(16 * 1024);
  });

  it("reports a failed write through onError and goes on typing", async () => {
    const errors: unknown[] = [];
    const typed: string[] = [];
    let calls = 0;
    const hold = new StartupKeyHold({
      sessionId: "s-1",
      isStarting: false,
      type: async (keys) => {
        calls += 1;
        if (calls === 1) throw new Error("write failed");
        typed.push(Buffer.from(keys).toString("utf8"));
      },
      notify: () => undefined,
      onError: (error) => errors.push(error),
    });
    hold.keys(bytes("a"));
    hold.keys(bytes("b"));
    await settle();
    expect(errors).toHaveLength(1);
    expect(typed).toEqual(["b"]);
  });
});
