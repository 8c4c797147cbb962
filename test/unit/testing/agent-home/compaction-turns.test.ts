// compactionSummaryTurns() (C-API-22's offline summary): the turns an agent's dialect
// declares answer that CLI's summary request as the pinned CLI sends it, every time it
// is asked, and an agent the kit does not know is refused.
import { afterEach, describe, expect, test } from "vitest";
import { ElwoodError } from "../../../../src/errors.js";
import {
  compactionSummaryTurns,
  type ScriptedModelServer,
  startScriptedModelServer,
} from "../../../../src/testing/index.js";
import { anthropicRequest, post } from "../model-server/sse-client.js";

let server: ScriptedModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("compactionSummaryTurns", () => {
  test("C-API-22: Gemini's summary and its check (tool-less :generateContent) both get the summary", async () => {
    server = await startScriptedModelServer();
    for (const turn of compactionSummaryTurns("gemini", "SUMMARY-G")) server.turn(turn);
    const url = `${server.googleBaseUrl}/v1beta/models/gemini-2.5-pro:generateContent`;
    for (const ask of [
      "Generate a new <state_snapshot> based on the provided history.",
      "Critically evaluate the <state_snapshot> you just generated.",
    ]) {
      const response = await post(url, { contents: [{ role: "user", parts: [{ text: ask }] }] });
      expect(JSON.stringify(await response.json())).toContain("SUMMARY-G");
    }
    expect(server.requests.map((request) => request.isAuxiliary)).toEqual([true, true]);
  });

  test("C-API-22: Claude's summary turn is answered inside <summary> tags, as Claude requires", async () => {
    server = await startScriptedModelServer();
    for (const turn of compactionSummaryTurns("claude", "SUMMARY-C")) server.turn(turn);
    const ask = "Your task is to create a detailed summary of the conversation so far, …";
    const request = anthropicRequest([{ role: "user", content: ask }], { stream: false });
    const response = await post(`${server.anthropicBaseUrl}/v1/messages`, request);
    expect(JSON.stringify(await response.json())).toMatch(/<summary>\\nSUMMARY-C\\n<\/summary>/);
    expect(server.requests[0]?.isAuxiliary).toBe(false);
  });

  test("C-API-22: an agent the kit knows no compaction of is invalid_options", () => {
    let refused: unknown;
    try {
      compactionSummaryTurns("echo", "S");
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ElwoodError);
    expect((refused as ElwoodError).name).toBe("invalid_options");
    expect((refused as ElwoodError).message).toContain("claude, codex, gemini, copilot");
  });
});
