// Hook dispatches as activity (C-API-17) through a real PTY, the loopback bridge and the
// echo CLI: every hook the CLI fires yields one agent-neutral `hook` activity, and a
// handler that throws yields a `hook_error` activity too (the CLI gets no decision).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ElwoodActivityEvent } from "../../../src/core/contract/types.js";
import { startEcho } from "../../agents/echo/agent.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("hook dispatches as activity (C-API-17)", () => {
  it("C-API-17: each dispatched hook is one hook activity; a throwing handler adds a hook_error activity", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "elwood-hook-activity-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const env = { ...process.env, ECHO_AGENT_HOME: path.join(root, "home") };
    const hookActivity: ElwoodActivityEvent[] = [];
    const session = await startEcho({
      cwd: root,
      stateDir: path.join(root, "state"),
      env,
      hooks: {
        UserPromptSubmit: () => {
          throw new Error("handler failed on purpose");
        },
      },
    });
    cleanups.push(() => session.teardown().catch(() => undefined));
    session.on("activity", (event) => {
      if (event.source === "hook") hookActivity.push(event);
    });
    await session.waitForStatus((status) => status === "ready", 20_000);
    const stopped = session.waitForActivity(
      (event) => event.kind === "hook" && event.hookEventName === "Stop",
      20_000,
    );
    await session.sendPrompt("hello hooks");
    await stopped;
    const summary = hookActivity.map((event) =>
      event.kind === "hook" || event.kind === "hook_error"
        ? `${event.kind}:${event.hookEventName}:${event.failedOpen}`
        : event.kind,
    );
    expect(summary).toEqual(
      expect.arrayContaining([
        "hook:UserPromptSubmit:true",
        "hook_error:UserPromptSubmit:true",
        "hook:Stop:false",
      ]),
    );
    expect(summary.filter((entry) => entry.startsWith("hook:UserPromptSubmit"))).toHaveLength(1);
    expect(summary.filter((entry) => entry.startsWith("hook:Stop"))).toHaveLength(1);
    for (const event of hookActivity) {
      expect(event).toMatchObject({ agent: "echo", elwoodSessionId: session.elwoodSessionId });
    }
    await session.teardown();
  });
});
