// listSessions / readSessionInfo say whether resume can work, from the same facts resume*
// checks before it spawns (issue 47, prd/decisions.md "A conversation gone from disk"):
// each adapter's findConversation looks where its CLI keeps the conversation, in the
// environment given. A transcript cut mid-record still counts; an empty one does not.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readSessionInfo } from "../../../src/agents.js";
import { StateStore } from "../../../src/state/index.js";

const base = mkdtempSync(path.join(os.tmpdir(), "elwood-resumable-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

let counter = 0;

async function setUp(agent: "claude" | "codex", resume: Record<string, unknown>) {
  counter += 1;
  const root = path.join(base, `case-${counter}`);
  const cwd = path.join(root, "project");
  const home = path.join(root, "home");
  mkdirSync(cwd, { recursive: true });
  mkdirSync(home);
  const stateDir = path.join(root, "state");
  const store = await StateStore.open({ cwd, stateDir });
  const elwoodSessionId = `session-${counter}`;
  await store.writeRecord({
    schemaVersion: 1,
    elwoodSessionId,
    adapter: agent,
    cwd,
    resume: { ...resume, posture: {} },
  });
  const env = { HOME: home };
  const info = () => readSessionInfo({ stateDir, cwd, elwoodSessionId, env });
  return { home, info };
}

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

describe("resumable follows the CLI's own files", () => {
  it("Claude: missing, then bookkeeping only (empty), then a message cut mid-record (resumable)", async () => {
    const { home, info } = await setUp("claude", { agentSessionId: "conv-1" });
    const missing = await info();
    expect(missing.resumable).toBe(false);
    expect(missing.notResumable).toMatchObject({
      reason: "conversation_missing",
      conversationPath: path.join(home, ".claude", "projects", "*", "conv-1.jsonl"),
    });
    expect(missing.notResumable?.message).toContain("conv-1");
    expect(missing.notResumable?.message).toContain("Start a new session");

    const file = path.join(home, ".claude", "projects", "-project-key", "conv-1.jsonl");
    write(file, '{"type":"queue-operation"}\n');
    expect((await info()).notResumable).toMatchObject({
      reason: "conversation_empty",
      conversationPath: file,
    });

    write(file, '{"type":"queue-operation"}\n{"type":"user","message":{}}\n{"type":"assis');
    const written = await info();
    expect(written.resumable).toBe(true);
    expect(written.notResumable).toBeUndefined();
  });

  it("Codex: its rollout under CODEX_HOME/sessions, found by the thread id in its name", async () => {
    const { home, info } = await setUp("codex", { agentSessionId: "thread-1" });
    expect((await info()).notResumable?.reason).toBe("conversation_missing");
    const rollout = path.join(
      home,
      ".codex",
      "sessions",
      "2026",
      "12",
      "07",
      "rollout-2026-12-07T03-00-00-thread-1.jsonl",
    );
    write(rollout, "");
    expect((await info()).notResumable).toMatchObject({
      reason: "conversation_empty",
      conversationPath: rollout,
    });
    write(rollout, '{"type":"session_meta","payload":{"id":"thread-1"}}\n{"type":"resp');
    expect((await info()).resumable).toBe(true);
    // Another thread's rollout is not this one.
    const other = await setUp("codex", { agentSessionId: "thread-2" });
    write(
      path.join(other.home, ".codex", "sessions", "2026", "12", "07", "rollout-x-thread-22.jsonl"),
      '{"type":"session_meta"}\n',
    );
    expect((await other.info()).notResumable?.reason).toBe("conversation_missing");
  });

  it("a record that never took a prompt resumes empty; one with no conversation at all does not", async () => {
    const launched = await setUp("claude", { launched: { agentSessionId: "conv-9" } });
    expect((await launched.info()).resumable).toBe(true);
    const bare = await setUp("codex", {});
    expect((await bare.info()).notResumable?.reason).toBe("no_conversation");
  });
});
