// Where Copilot keeps a recorded conversation, for resume and `elwood sessions` (issue 47):
// $COPILOT_HOME (else ~/.copilot)/session-state/<id>/events.jsonl, resumable only while it
// holds a user.message (Copilot reopens a missing or prompt-less record as a new, empty one).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { findCopilotConversation } from "../../../src/copilot/launch/paths.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const id = "5f0c2a8e-9d41-4b7a-a3c2-1e2f3a4b5c6d";
const START = `${JSON.stringify({ type: "session.start", data: { sessionId: id } })}\n`;
const PROMPT = `${JSON.stringify({ type: "user.message", data: { content: "hello" } })}\n`;

function home(): string {
  const dir = mkdtempSync(join(tmpdir(), "elwood-copilot-find-"));
  made.push(dir);
  return dir;
}

function writeEvents(copilotHome: string, text: string): string {
  const folder = join(copilotHome, "session-state", id);
  mkdirSync(folder, { recursive: true });
  const path = join(folder, "events.jsonl");
  writeFileSync(path, text);
  return path;
}

describe("findCopilotConversation", () => {
  test("a record holding a prompt is written, under ~/.copilot by default", async () => {
    const dir = home();
    const path = writeEvents(join(dir, ".copilot"), START + PROMPT);
    expect(await findCopilotConversation(id, { HOME: dir })).toEqual({
      state: "written",
      path,
      expectedAt: path,
    });
  });

  test("COPILOT_HOME moves it", async () => {
    const dir = home();
    const path = writeEvents(join(dir, "elsewhere"), START + PROMPT);
    const env = { HOME: join(dir, "unused"), COPILOT_HOME: join(dir, "elsewhere") };
    expect(await findCopilotConversation(id, env)).toMatchObject({ state: "written", path });
  });

  test("a record without a prompt, or whose prompt is cut mid-line, is empty", async () => {
    const dir = home();
    const path = writeEvents(join(dir, ".copilot"), START);
    expect(await findCopilotConversation(id, { HOME: dir })).toEqual({
      state: "empty",
      path,
      expectedAt: path,
    });
    writeEvents(join(dir, ".copilot"), START + PROMPT.slice(0, 20));
    expect(await findCopilotConversation(id, { HOME: dir })).toMatchObject({ state: "empty" });
  });

  test("a deleted record is absent and says where it was expected", async () => {
    const dir = home();
    const expectedAt = join(dir, ".copilot", "session-state", id, "events.jsonl");
    expect(await findCopilotConversation(id, { HOME: dir })).toEqual({
      state: "absent",
      path: undefined,
      expectedAt,
    });
  });
});
