// Claude's browser-tools onboarding prompt ("Claude in Chrome"), painted by the fake CLI
// through a real launcher and PTY: it is always declined, with Escape and never by choosing
// an option, whatever autotrust says (C-CLAUDE-11); and once the session is disposed, a
// decline still pending is dropped for good, without a word (C-CLAUDE-22). The real prompt
// is only offered to accounts with Chrome integration, so it cannot be raised offline; the
// painted one has the shape the screen table matches (header, native footer).
import { afterEach, describe, expect, it } from "vitest";
import { startClaude } from "../../../src/agents.js";
import type { ElwoodActivityEvent, ElwoodWarningEvent } from "../../../src/index.js";
import { waitFor } from "../../support/process-table.js";
import { type FakeCli, fakeCli, type TerminalLogEntry } from "./fake-cli.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

const VERSION = "2.1.332 (Claude Code)";

async function started(mode: "chrome-dialog" | "chrome-dialog-stubborn", dialogAfterMs = 1_000) {
  const cli = await fakeCli({ versionText: VERSION, mode });
  cleanups.push(() => cli.remove());
  const session = await startClaude({
    cwd: cli.dir,
    stateDir: cli.stateDir,
    executable: cli.executable,
    env: { ...cli.env, FAKE_DIALOG_AFTER_MS: String(dialogAfterMs) },
  });
  cleanups.push(() => session.kill());
  const activity: ElwoodActivityEvent[] = [];
  const warnings: ElwoodWarningEvent[] = [];
  session.on("activity", (event) => activity.push(event));
  session.on("warning", (event) => warnings.push(event));
  return { cli, session, activity, warnings };
}

const inputs = async (cli: FakeCli) =>
  (await cli.terminalLog()).flatMap((entry: TerminalLogEntry) =>
    "input" in entry ? [entry.input] : [],
  );
const logged = async (cli: FakeCli, dialog: "chrome" | "closed") =>
  (await cli.terminalLog()).some((entry) => "dialog" in entry && entry.dialog === dialog);

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe("the browser-tools onboarding prompt", () => {
  it("C-CLAUDE-11: is declined with Escape even without autotrust, reported as startup_prompt browser_tools, never blocking", async () => {
    const { cli, session, activity } = await started("chrome-dialog");
    expect(await until(() => logged(cli, "closed"), 30_000)).toBe(true);
    const typed = await inputs(cli);
    expect(typed.join("")).toContain("\x1b");
    // Declined, not chosen: no option number, no arrow, no Enter.
    expect(typed.join("")).not.toMatch(/[12\r]|\x1b\[B/);
    expect(
      await waitFor(() =>
        activity.some(
          (event) => event.kind === "startup_prompt" && event.label === "browser_tools",
        ),
      ),
    ).toBe(true);
    expect(activity.some((event) => event.kind === "attention")).toBe(false);
    expect(session.status).not.toBe("blocked");
    await session.kill();
  });

  it("C-CLAUDE-22: disposing the session drops a decline still to come, silently and for good", async () => {
    const { cli, session, activity, warnings } = await started("chrome-dialog-stubborn");
    // The first Escape is ignored, so the decline has a retry pending when the session goes.
    expect(await until(async () => (await inputs(cli)).join("").includes("\x1b"), 30_000)).toBe(
      true,
    );
    await session.kill();
    const seenAtKill = { activity: activity.length, warnings: warnings.length };
    const escapesAtKill = (await inputs(cli)).join("").split("\x1b").length - 1;
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect((await inputs(cli)).join("").split("\x1b").length - 1).toBe(escapesAtKill);
    expect(warnings.length).toBe(seenAtKill.warnings);
    expect(
      activity
        .slice(seenAtKill.activity)
        .filter((event) => event.kind === "startup_prompt" || event.kind === "warning"),
    ).toEqual([]);
    expect(await logged(cli, "closed")).toBe(false);
  });

  it("C-API-56: a message queued while the prompt is on screen is written only after it is gone, never into it", async () => {
    // The prompt comes after first readiness (the fake fires no hooks: the 10 s fallback).
    const { cli, session } = await started("chrome-dialog-stubborn", 14_000);
    await session.waitForStatus((status) => status === "ready", 30_000);
    expect(await until(() => logged(cli, "chrome"), 30_000)).toBe(true);
    // The CLI painting the prompt is not the session seeing it: under load the parent reads
    // the PTY later. Its first (ignored) Escape shows the session has the prompt on screen.
    expect(await until(async () => (await inputs(cli)).join("").includes("\x1b"), 30_000)).toBe(
      true,
    );
    // Settles either way, so a failing assertion below never leaves it unhandled.
    const sent = session.sendMessage("held-until-clear").then(
      () => "sent",
      (error: unknown) => error,
    );
    expect(await until(() => logged(cli, "closed"), 30_000)).toBe(true);
    expect(await sent).toBe("sent");
    expect(
      await until(async () => (await inputs(cli)).join("").includes("held-until-clear"), 30_000),
    ).toBe(true);
    const log = await cli.terminalLog();
    const closedAt = log.findIndex((entry) => "dialog" in entry && entry.dialog === "closed");
    // The entry that completed the text (a paste may arrive in more than one read).
    let typed = "";
    const typedAt = log.findIndex((entry) => {
      if ("input" in entry) typed += entry.input;
      return typed.includes("held-until-clear");
    });
    expect(typedAt).toBeGreaterThan(closedAt);
    await session.kill();
  });
});
