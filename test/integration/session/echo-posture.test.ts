// The persisted launch posture across resume (C-API-32, C-STATE-13) through a real PTY
// with the echo CLI, whose posture has two fields (shout, signature) that show in every
// reply: the record holds the resolved posture from start, resume takes each field from
// it unless an explicit option overrides that field, saves the result, and a record whose
// posture this agent does not accept fails the resume with state_corrupt.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ElwoodAgentSession } from "../../../src/core/contract/session.js";
import { ElwoodError } from "../../../src/errors.js";
import { StateStore } from "../../../src/state/index.js";
import { resumeEcho, startEcho } from "../../agents/echo/agent.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function replyTo(session: ElwoodAgentSession, prompt: string): Promise<string> {
  await session.waitForStatus((status) => status === "ready", 20_000);
  const reply = session.waitForActivity(
    (event) => event.kind === "assistant_message" && event.source === "transcript",
    20_000,
  );
  await session.sendPrompt(prompt);
  const event = await reply;
  return event.kind === "assistant_message" ? event.text : "";
}

describe("posture across resume (C-API-32, C-STATE-13)", () => {
  it("C-API-32 C-STATE-13: start stores the posture; resume overrides per field and saves the result", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "elwood-posture-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const stateDir = path.join(root, "state");
    const env = { ...process.env, ECHO_AGENT_HOME: path.join(root, "home") };
    const common = { cwd: root, stateDir, env };
    const store = await StateStore.open({ cwd: root, stateDir });
    const postureOf = async (id: string) => (await store.readRecord(id)).resume.posture;

    const first = await startEcho({ ...common, shout: true, signature: "tag-A" });
    cleanups.push(() => first.kill().catch(() => undefined));
    const id = first.elwoodSessionId;
    expect(await postureOf(id)).toEqual({ shout: true, signature: "tag-A" });
    expect(await replyTo(first, "hello")).toBe("ECHO #1: HELLO [tag-A]");
    await first.stop();

    // One field overridden, the other taken from the record; the merge is saved.
    const second = await resumeEcho({ ...common, elwoodSessionId: id, shout: false });
    cleanups.push(() => second.kill().catch(() => undefined));
    expect(await replyTo(second, "quieter")).toBe("echo #2: quieter [tag-A]");
    expect(await postureOf(id)).toEqual({ shout: false, signature: "tag-A" });
    await second.stop();

    // No options: the saved posture is the default now.
    const third = await resumeEcho({ ...common, elwoodSessionId: id });
    cleanups.push(() => third.teardown().catch(() => undefined));
    expect(await replyTo(third, "again")).toBe("echo #3: again [tag-A]");
    await third.stop();

    // A posture this agent does not accept is refused before anything spawns.
    const stored = await store.readRecord(id);
    await store.writeRecord({
      ...stored,
      resume: { ...stored.resume, posture: { shout: "loud" } },
    });
    const error = await resumeEcho({ ...common, elwoodSessionId: id }).catch(
      (caught: unknown) => caught,
    );
    expect(ElwoodError.is(error, "state_corrupt")).toBe(true);
  });
});
