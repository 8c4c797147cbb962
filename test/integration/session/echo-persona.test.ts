// The persona (api.md "persona", C-API-21) through a real PTY with the scripted echo CLI
// (test/agents/echo/): sent as the conversation's first message at first readiness, ahead
// of a message the caller queued right after start, written nowhere under Elwood's state,
// and not sent again on resume (the echo CLI numbers every prompt its conversation took).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ElwoodActivityEvent } from "../../../src/core/contract/types.js";
import { resumeEcho, startEcho } from "../../agents/echo/agent.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const PERSONA = "PERSONA-be-terse-7f3a";

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((entry) => path.join(dir, entry))
    .filter((file) => statSync(file, { throwIfNoEntry: false })?.isFile() === true);
}

describe("persona (C-API-21)", () => {
  it("C-API-21: the persona is the first message at first readiness, ahead of queued ones; never stored or resent", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "elwood-persona-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const stateDir = path.join(root, "state");
    const env = { ...process.env, ECHO_AGENT_HOME: path.join(root, "home") };
    const common = { cwd: root, stateDir, env };

    const session = await startEcho({ ...common, persona: PERSONA });
    cleanups.push(() => session.kill().catch(() => undefined));
    // Queued by the caller at once, while the persona waits for (or takes) the first ready.
    const replies: string[] = [];
    session.on("activity", (event: ElwoodActivityEvent) => {
      if (event.kind === "assistant_message" && event.source === "transcript") {
        replies.push(event.text);
      }
    });
    await session.sendMessage("caller-message");
    await session.waitForActivity(
      (event) => event.kind === "assistant_message" && event.text.includes("caller-message"),
      20_000,
    );
    expect(replies).toEqual([`echo #1: ${PERSONA}`, "echo #2: caller-message"]);
    await session.stop();
    // Elwood's own state (record, loops, sockets) holds no trace of it.
    const stateFiles = filesUnder(stateDir);
    expect(stateFiles.length).toBeGreaterThan(0);
    for (const file of stateFiles) {
      expect(readFileSync(file, "utf8"), file).not.toContain(PERSONA);
    }

    const resumed = await resumeEcho({ elwoodSessionId: session.elwoodSessionId, ...common });
    cleanups.push(() => resumed.teardown().catch(() => undefined));
    await resumed.waitForStatus((status) => status === "ready", 20_000);
    const reply = resumed.waitForActivity(
      (event) => event.kind === "assistant_message" && event.source === "transcript",
      20_000,
    );
    await resumed.sendPrompt("after-resume");
    // Prompt #3: the resumed session did not send the persona again.
    expect(await reply).toMatchObject({ text: "echo #3: after-resume" });
    await resumed.teardown();
  });
});
