// Copilot's agentStop names no text; Elwood reads the turn's reply from the session record's
// tail. Quick turns and resumes showed the record lagging a whole turn behind the hook, so a
// reply an earlier agentStop already named, or one older than the previous turn's end, is
// never promised again: the text is unknown and the turn waits for it in the transcript.
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lastAssistantText } from "../../../src/copilot/hooks/turn-end-text.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function record(): string {
  const folder = mkdtempSync(join(tmpdir(), "elwood-copilot-tail-"));
  folders.push(folder);
  const path = join(folder, "events.jsonl");
  writeFileSync(path, "");
  return path;
}

const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const prompt = (content: string) => line({ type: "user.message", data: { content } });
const reply = (messageId: string, content: string, toolRequests: unknown[] = []) =>
  line({
    type: "assistant.message",
    id: `e-${messageId}`,
    data: { messageId, content, toolRequests },
  });
const agentStop = () => line({ type: "hook.start", data: { hookType: "agentStop", input: {} } });

describe("Copilot's turn-end text from the session record", () => {
  it("names this turn's final reply once; a second agentStop over the same tail gets undefined", () => {
    const path = record();
    appendFileSync(path, prompt("first") + reply("m1", "first answer"));
    expect(lastAssistantText(path)).toBe("first answer");
    // The record has not caught up with the next turn yet: the old reply is not promised.
    expect(lastAssistantText(path)).toBeUndefined();
  });

  it("stops at the previous turn's agentStop and at the newest prompt", () => {
    const path = record();
    appendFileSync(path, prompt("first") + reply("m1", "first answer") + agentStop());
    expect(lastAssistantText(path)).toBeUndefined();
    appendFileSync(path, prompt("second") + reply("m2", "", [{ toolCallId: "t1" }]));
    expect(lastAssistantText(path)).toBeUndefined();
    appendFileSync(path, reply("m3", "second answer"));
    expect(lastAssistantText(path)).toBe("second answer");
  });

  it("a missing record or no path is unknown, not an empty reply", () => {
    expect(lastAssistantText(undefined)).toBeUndefined();
    expect(
      lastAssistantText(join(tmpdir(), "elwood-no-such-record", "events.jsonl")),
    ).toBeUndefined();
  });
});
