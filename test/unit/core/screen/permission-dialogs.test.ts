// The session's side of on-screen approvals (prd/approvals.md "On screen"): an announced
// permission dialog is paired with the next one a frame shows, followed until it goes,
// and answered only while a frame shows it with its keys; nothing types on its own.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ScreenDialog, ScreenReading } from "../../../../src/core/contract/adapter.js";
import type { TerminalPort } from "../../../../src/core/contract/ports.js";
import {
  ANNOUNCED_DIALOG_SHOW_MS,
  DIALOG_GONE_AFTER_MS,
  PermissionDialogs,
} from "../../../../src/core/screen/permission-dialogs.js";
import { fakeOperationContext } from "../operations/fake-operation-context.js";

const KEYS = { allow: "1", deny: "\x1b" };
const DIALOG: ScreenDialog = {
  ruleIds: ["tool-permission"],
  kind: "human_decision",
  isToolPermission: true,
  approvalKeys: KEYS,
};
const HEADER_ONLY: ScreenDialog = {
  ruleIds: ["tool-permission"],
  kind: "human_decision",
  isToolPermission: true,
};
const TRUST: ScreenDialog = { ruleIds: ["trust"], kind: "human_decision" };

function setup() {
  let dialog: ScreenDialog | undefined;
  const typed: string[] = [];
  const terminal = { sendInput: (data: string) => typed.push(data) } as unknown as TerminalPort;
  const context = fakeOperationContext({
    displayName: "Agent",
    terminal,
    reading: () => ({ dialog }) as ScreenReading,
  });
  const dialogs = new PermissionDialogs(context);
  /** A new frame: what the screen watcher hands over after a render. */
  const show = (next: ScreenDialog | undefined) => {
    dialog = next;
    dialogs.onFrame({ dialog });
  };
  const setScreen = (next: ScreenDialog | undefined) => {
    dialog = next;
  };
  return { dialogs, show, setScreen, typed };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("PermissionDialogs", () => {
  it("an announced dialog resolves once a frame shows a tool-permission dialog, not another dialog", async () => {
    const { dialogs, show } = setup();
    let shown: unknown = "pending";
    void dialogs.announced().then((value) => {
      shown = value;
    });
    show(undefined);
    show(TRUST);
    await Promise.resolve();
    expect(shown).toBe("pending");
    show(DIALOG);
    await Promise.resolve();
    expect(shown).toMatchObject({ gone: expect.any(AbortSignal) });
  });

  it("answer types the screen table's key while the dialog shows, once; never without its keys", async () => {
    const { dialogs, show, typed } = setup();
    const announced = dialogs.announced();
    show(HEADER_ONLY);
    const shown = await announced;
    expect(shown?.stillShown()).toBe(false);
    expect(shown?.gone.aborted).toBe(true);
    expect(shown?.answer("allow")).toBe(false);
    expect(typed).toEqual([]);

    const next = dialogs.announced();
    show(undefined);
    show(DIALOG);
    const second = await next;
    expect(second?.stillShown()).toBe(true);
    expect(second?.answer("deny")).toBe(true);
    expect(second?.answer("allow")).toBe(false);
    expect(typed).toEqual(["\x1b"]);
    expect(second?.gone.aborted).toBe(false);
  });

  it("a dialog gone from the screen for a while aborts `gone` (request_ended); a one-frame blink does not", async () => {
    const { dialogs, show, typed } = setup();
    const announced = dialogs.announced();
    show(DIALOG);
    const shown = await announced;
    show(undefined);
    vi.advanceTimersByTime(DIALOG_GONE_AFTER_MS - 100);
    show(DIALOG);
    vi.advanceTimersByTime(DIALOG_GONE_AFTER_MS * 2);
    expect(shown?.gone.aborted).toBe(false);
    show(undefined);
    // No further frame comes: the recheck reads the screen by itself.
    vi.advanceTimersByTime(DIALOG_GONE_AFTER_MS);
    expect(shown?.gone.aborted).toBe(true);
    expect(shown?.gone.reason).toBe("request_ended");
    expect(shown?.answer("allow")).toBe(false);
    expect(typed).toEqual([]);
  });

  it("stillShown reads the screen now: a dialog answered at the terminal ends at once", async () => {
    const { dialogs, show, setScreen } = setup();
    const announced = dialogs.announced();
    show(DIALOG);
    const shown = await announced;
    expect(shown?.stillShown()).toBe(true);
    // The frame changed and no evaluation has looked at it yet.
    setScreen(undefined);
    expect(shown?.stillShown()).toBe(false);
    expect(shown?.gone.reason).toBe("request_ended");
  });

  it("a dialog already on screen when announced is a stale one: the next shown after it clears counts", async () => {
    const { dialogs, show } = setup();
    show(DIALOG);
    let shown: unknown = "pending";
    void dialogs.announced().then((value) => {
      shown = value;
    });
    show(DIALOG);
    await Promise.resolve();
    expect(shown).toBe("pending");
    show(undefined);
    show(DIALOG);
    await Promise.resolve();
    expect(shown).not.toBe("pending");
    expect(shown).toBeDefined();
  });

  it("announcements take shown dialogs in order; a new one ends the dialog shown before it", async () => {
    const { dialogs, show } = setup();
    const first = dialogs.announced();
    show(DIALOG);
    const firstShown = await first;
    const second = dialogs.announced();
    expect(firstShown?.gone.aborted).toBe(true);
    show(undefined);
    show(DIALOG);
    const secondShown = await second;
    expect(secondShown).toBeDefined();
    expect(secondShown).not.toBe(firstShown);
    expect(secondShown?.gone.aborted).toBe(false);
  });

  it("an announced dialog that never shows is dropped after the bound", async () => {
    const { dialogs, show } = setup();
    const announced = dialogs.announced();
    vi.advanceTimersByTime(ANNOUNCED_DIALOG_SHOW_MS);
    expect(await announced).toBeUndefined();
    // A dialog shown later belongs to nobody here: it is a person's.
    show(DIALOG);
    const late = dialogs.announced();
    show(undefined);
    show(DIALOG);
    expect(await late).toBeDefined();
  });

  it("dispose ends what shows (bridge_closed) and drops what waits; later announcements get none", async () => {
    const { dialogs, show } = setup();
    const first = dialogs.announced();
    show(DIALOG);
    const shown = await first;
    dialogs.dispose();
    expect(shown?.gone.reason).toBe("bridge_closed");
    expect(await dialogs.announced()).toBeUndefined();

    const other = setup();
    const waiting = other.dialogs.announced();
    other.dialogs.dispose();
    expect(await waiting).toBeUndefined();

    // The CLI exited by itself: the dialog's request ended, as a hook's would.
    const exited = setup();
    const announced = exited.dialogs.announced();
    exited.show(DIALOG);
    const exitedShown = await announced;
    exited.dialogs.dispose("request_ended");
    expect(exitedShown?.gone.reason).toBe("request_ended");
  });
});
