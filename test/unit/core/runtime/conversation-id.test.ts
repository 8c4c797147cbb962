// When the agent's conversation id reaches the record (prd/decisions.md "When a
// conversation id is recorded"): not at SessionStart while the transcript does not
// exist yet (a record naming a conversation the CLI never wrote can be neither resumed
// nor replaced), but at the first later hook once the transcript holds a whole record.
import { writeFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { HookEventBase } from "../../../../src/bridge/catalogue.js";
import { isClaudeMessageRecord } from "../../../../src/claude/hooks/signals.js";
import { SessionEvents } from "../../../../src/core/context/session-events.js";
import { ConversationRecorder } from "../../../../src/core/runtime/conversation-recorder.js";
import { hasConversationOnDisk } from "../../../../src/transcript/conversation-evidence.js";
import { FakeClaude } from "../../../support/fake-agents/fake-claude.js";

const dirs: string[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "elwood-conversation-"));
  dirs.push(dir);
  return dir;
}

function signals(persisted: string[]) {
  return new ConversationRecorder<HookEventBase>({
    adapter: {
      signals: { sessionStartHook: "SessionStart" },
      agentSessionIdOf: (event: HookEventBase) => (event as { session_id?: string }).session_id,
    } as never,
    events: new SessionEvents({
      elwoodSessionId: "s",
      agent: "claude",
      terminal: { onData: () => () => {} } as never,
    }),
    state: {
      persistAgentSessionId: async (id: string) => {
        persisted.push(id);
      },
      removeLoops: async () => {},
      removeSession: async () => [],
    },
  });
}

const hook = (name: string, transcriptPath: string) =>
  ({
    hook_event_name: name,
    session_id: "conv-1",
    transcript_path: transcriptPath,
    cwd: "/",
  }) as unknown as HookEventBase;

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("recording the agent's conversation id", () => {
  it("C-API-26: not at SessionStart before the transcript exists; at the next hook once it does", async () => {
    const transcript = join(await tempDir(), "conv-1.jsonl");
    const persisted: string[] = [];
    const agent = signals(persisted);
    agent.onHook(hook("SessionStart", transcript));
    await settle();
    expect(persisted).toEqual([]);
    expect(agent.agentSessionId).toBe("conv-1");
    agent.onHook(hook("UserPromptSubmit", transcript));
    await settle();
    expect(persisted).toEqual([]);
    await writeFile(transcript, '{"type":"user"}\n');
    agent.onHook(hook("Stop", transcript));
    await settle();
    expect(persisted).toEqual(["conv-1"]);
    agent.onHook(hook("Stop", transcript));
    await settle();
    expect(persisted).toEqual(["conv-1"]);
  });

  it("C-API-26: a transcript record read mid-turn records the id without waiting for a hook", async () => {
    // Claude may flush its transcript only after PreToolUse fired; the next hook can be a
    // long tool run away, and a parent killed meanwhile must still leave a resumable record.
    const transcript = join(await tempDir(), "conv-1.jsonl");
    const persisted: string[] = [];
    const agent = signals(persisted);
    agent.onHook(hook("SessionStart", transcript));
    agent.onHook(hook("PreToolUse", transcript));
    await settle();
    expect(persisted).toEqual([]);
    await writeFile(transcript, '{"type":"user"}\n');
    agent.onTranscriptRecord();
    await settle();
    expect(persisted).toEqual(["conv-1"]);
  });

  it("C-API-26: a completed turn is announced only after the id is on the record", async () => {
    // The Stop hook's own check can run before the CLI flushed its transcript; the
    // catch-up that precedes ready sees the content, and ready waits for the write, so a
    // parent killed right after (even inside stop()) leaves a resumable record.
    const transcript = join(await tempDir(), "conv-1.jsonl");
    const persisted: string[] = [];
    const order: string[] = [];
    let releaseCatchUp: () => void = () => undefined;
    // A real runtime over fake ports: its transcript catch-up waits for the test.
    const cli = new FakeClaude(
      {},
      {
        catchUp: () =>
          new Promise<void>((resolve) => {
            releaseCatchUp = resolve;
          }),
        persistAgentSessionId: async (id: string) => {
          await settle();
          persisted.push(id);
          order.push("recorded");
        },
      },
    );
    cli.runtime.handleHookEvent(hook("SessionStart", transcript) as never);
    cli.render();
    await cli.session.waitForStatus((status) => status === "ready");
    cli.session.on("status", (event) => {
      if (event.status === "ready") order.push("turn_completed");
    });
    cli.runtime.handleHookEvent(hook("UserPromptSubmit", transcript) as never);
    cli.runtime.handleHookEvent(hook("Stop", transcript) as never);
    cli.runtime.handleHookOutcome({ hookEventName: "Stop", failedOpen: false, hasHandler: false });
    await settle();
    expect(persisted).toEqual([]);
    await writeFile(transcript, '{"type":"user"}\n');
    releaseCatchUp();
    await settle();
    await settle();
    expect(order.filter((event) => event !== "prompt_accepted")).toEqual([
      "recorded",
      "turn_completed",
    ]);
  });

  it("C-API-26: send() resolves only after an id write that began after the Stop is done", async () => {
    // Claude can flush its transcript after the Stop hook: the Stop's check finds nothing,
    // ready comes, and the records that then complete the turn start the write. A caller
    // resuming as soon as send() resolves must still find the id (stop 35's CI).
    const transcript = join(await tempDir(), "conv-1.jsonl");
    const persisted: string[] = [];
    let isWriting = false;
    let releaseWrite: () => void = () => undefined;
    const written = new Promise<void>((resolve) => {
      releaseWrite = resolve;
    });
    const cli = new FakeClaude(
      { transcriptLagMs: 200 },
      {
        persistAgentSessionId: async (id: string) => {
          isWriting = true;
          await written;
          persisted.push(id);
        },
      },
    );
    const deliver = cli.runtime.handleTranscriptItems.bind(cli.runtime);
    cli.runtime.handleTranscriptItems = (items, path) => {
      if (items.some((item) => item.kind === "assistant_message")) {
        writeFileSync(transcript, '{"type":"user"}\n');
        cli.runtime.handleTranscriptRecord({ type: "user" });
      }
      deliver(items, path);
    };
    cli.runtime.handleHookEvent(hook("SessionStart", transcript) as never);
    cli.render();
    await cli.session.waitForStatus((status) => status === "ready");
    let isResolved = false;
    const answer = cli.session.send("hello").then((text) => {
      isResolved = true;
      return text;
    });
    await vi.waitFor(() => expect(isWriting).toBe(true), { timeout: 5_000 });
    await settle();
    expect(isResolved).toBe(false);
    expect(persisted).toEqual([]);
    releaseWrite();
    await expect(answer).resolves.toBe("ANSWER hello");
    expect(persisted).toEqual(["conv-1"]);
    await cli.session.kill();
  });

  it("a resumed conversation's transcript already exists: recorded at SessionStart", async () => {
    const transcript = join(await tempDir(), "conv-1.jsonl");
    await writeFile(transcript, '{"type":"user"}\n');
    const persisted: string[] = [];
    signals(persisted).onHook(hook("SessionStart", transcript));
    await settle();
    expect(persisted).toEqual(["conv-1"]);
  });

  it("evidence: an empty file, a half-written first line, a directory or nothing are not a conversation", async () => {
    const dir = await tempDir();
    await writeFile(join(dir, "empty.jsonl"), "");
    await writeFile(join(dir, "half.jsonl"), '{"type":"us');
    await writeFile(join(dir, "whole.jsonl"), '{"type":"user"}\n{"type":"assis');
    expect(await hasConversationOnDisk(join(dir, "empty.jsonl"))).toBe(false);
    expect(await hasConversationOnDisk(join(dir, "half.jsonl"))).toBe(false);
    expect(await hasConversationOnDisk(dir)).toBe(false);
    expect(await hasConversationOnDisk(join(dir, "missing.jsonl"))).toBe(false);
    expect(await hasConversationOnDisk(join(dir, "whole.jsonl"))).toBe(true);
  });

  it("evidence for Claude: bookkeeping records before the first message are not a conversation (--resume finds none)", async () => {
    const dir = await tempDir();
    const bookkeeping = '{"type":"queue-operation","operation":"enqueue"}\n';
    await writeFile(join(dir, "bookkeeping.jsonl"), `${bookkeeping}{"type":"user","mess`);
    await writeFile(join(dir, "message.jsonl"), `${bookkeeping}{"type":"user"}\n`);
    expect(await hasConversationOnDisk(join(dir, "bookkeeping.jsonl"), isClaudeMessageRecord)).toBe(
      false,
    );
    expect(await hasConversationOnDisk(join(dir, "message.jsonl"), isClaudeMessageRecord)).toBe(
      true,
    );
    // Without the adapter's test any complete record counts, as before.
    expect(await hasConversationOnDisk(join(dir, "bookkeeping.jsonl"))).toBe(true);
  });
});
