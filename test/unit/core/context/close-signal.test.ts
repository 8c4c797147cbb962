// CloseSignal: "wait unless closed" without retaining anything per wait (the soak found
// ~28 promises per turn kept alive by Promise.race against a long-lived closed promise).
import { describe, expect, it } from "vitest";
import { CloseSignal } from "../../../../src/core/context/close-signal.js";

const closed = () => new Error("closed");

describe("CloseSignal", () => {
  it("settles as the wait does and keeps nothing once it has", async () => {
    const signal = new CloseSignal();
    for (let i = 0; i < 1_000; i += 1) await signal.race(Promise.resolve(), closed);
    await expect(signal.race(Promise.reject(new Error("boom")), closed)).rejects.toThrow("boom");
    expect(signal.pendingCount).toBe(0);
  });

  it("rejects pending waits at close, and every later wait at once", async () => {
    const signal = new CloseSignal();
    const never = new Promise<void>(() => {});
    const pending = [signal.race(never, closed), signal.race(never, closed)];
    expect(signal.pendingCount).toBe(2);
    signal.close();
    for (const wait of pending) await expect(wait).rejects.toThrow("closed");
    expect(signal.pendingCount).toBe(0);
    await expect(signal.race(Promise.resolve(), closed)).rejects.toThrow("closed");
    expect(signal.isClosed).toBe(true);
  });

  it("a wait that settles after close still rejects as closed", async () => {
    const signal = new CloseSignal();
    let finish: () => void = () => {};
    const wait = signal.race(new Promise<void>((resolve) => (finish = resolve)), closed);
    signal.close();
    finish();
    await expect(wait).rejects.toThrow("closed");
  });
});
