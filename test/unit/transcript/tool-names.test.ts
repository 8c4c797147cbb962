import { describe, expect, it } from "vitest";
import type {
  TranscriptActivityItem,
  TranscriptToolCall,
  TranscriptToolResult,
} from "../../../src/transcript/activity.js";
import { MAX_PENDING_TOOL_CALLS, ToolNamePairing } from "../../../src/transcript/tool-names.js";

const call = (id: string, name: string): TranscriptToolCall => ({
  kind: "tool_call",
  toolUseId: id,
  toolName: name,
  toolInput: "{}",
  raw: {},
});
const result = (id: string): TranscriptToolResult => ({
  kind: "tool_result",
  toolUseId: id,
  toolOutput: "ok",
  raw: {},
});
const nameOf = (item: TranscriptActivityItem | undefined) =>
  item?.kind === "tool_result" ? item.toolName : undefined;

describe("ToolNamePairing (C-API-48: stream yields tool_result with its tool's name)", () => {
  it("names results after their calls across batches and interleaving, then forgets the id", () => {
    const pairing = new ToolNamePairing();
    pairing.pair([call("t1", "Bash")]);
    const items = pairing.pair([
      call("t2", "Read"),
      result("t2"),
      result("t1"),
      result("t1"),
      result("nope"),
    ]);
    expect(
      items.filter((item) => item.kind === "tool_result").map((item) => item.toolName),
    ).toEqual(["Read", "Bash", undefined, undefined]);
    expect(pairing.pendingCount).toBe(0);
  });

  it("remembers at most the newest 256 unanswered calls", () => {
    const pairing = new ToolNamePairing();
    pairing.pair(Array.from({ length: 300 }, (_, index) => call(`c${index}`, `Tool${index}`)));
    expect(pairing.pendingCount).toBe(MAX_PENDING_TOOL_CALLS);
    expect(pairing.pair([result("c0"), result("c299")]).map(nameOf)).toEqual([
      undefined,
      "Tool299",
    ]);
  });

  it("leaves a name the mapper already set", () => {
    const pairing = new ToolNamePairing();
    pairing.pair([call("x", "Bash")]);
    expect(nameOf(pairing.pair([{ ...result("x"), toolName: "Own" }])[0])).toBe("Own");
  });
});
