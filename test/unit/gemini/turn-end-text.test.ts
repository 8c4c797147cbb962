// Gemini's turn-end text (prd/gemini.md "Hooks"): AfterAgent's prompt_response joins each
// model call's streamed chunks with a space, so only the last word of its last line is
// promised to the transcript; a longer promise made every reply over one chunk (24
// characters from the kit's server) fail send() with wait_timeout.
import { describe, expect, it } from "vitest";
import { GEMINI_TURN_SIGNALS } from "../../../src/gemini/hooks/signals.js";

const COMMON = {
  session_id: "0b9d2c4e-1111-4a2b-9c3d-5e6f7a8b9c0d",
  transcript_path: "/home/u/.gemini/tmp/ws/chats/session-x.jsonl",
  cwd: "/tmp/ws",
} as const;

describe("Gemini's turn-end text", () => {
  const afterAgent = (response: string) =>
    GEMINI_TURN_SIGNALS.turnEndTextOf({
      ...COMMON,
      hook_event_name: "AfterAgent",
      prompt: "p",
      prompt_response: response,
    } as never);

  it("promises the last word of the last line: chunks joined with spaces split words", () => {
    // Seen on 0.61.0 for the reply "Allowed and done-525geptu" streamed in two chunks.
    expect(afterAgent(" \nAllowed and done-525geptu u ")).toBe("u");
    expect(afterAgent("first reply\n\nsecond-reply  ")).toBe("second-reply");
    expect(afterAgent("")).toBe("");
  });
});
