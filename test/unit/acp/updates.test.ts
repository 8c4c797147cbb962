// Conversation pieces → ACP updates (prd/acp.md "Tool calls", "Permissions"): kinds,
// titles and absolute locations from the tool input; one id from a call to its result; a
// call first announced by its permission request keeps the request's id; a rejected
// call ends failed.
import { describe, expect, test } from "vitest";
import { toolKindOf, toolLocations, toolTitle } from "../../../src/acp/tool-calls.js";
import { ToolCallTracker } from "../../../src/acp/updates.js";

describe("tool calls as an editor shows them", () => {
  test("kinds of both agents' tools", () => {
    expect(
      [
        "Bash",
        "exec_command",
        "Read",
        "Edit",
        "apply_patch",
        "Grep",
        "WebFetch",
        "TodoWrite",
        "ExitPlanMode",
        "mcp__s__t",
      ].map(toolKindOf),
    ).toEqual([
      "execute",
      "execute",
      "read",
      "edit",
      "edit",
      "search",
      "fetch",
      "think",
      "switch_mode",
      "other",
    ]);
  });

  test("titles and locations from the input", () => {
    expect(toolTitle("Bash", { command: "ls -la" })).toBe("ls -la");
    expect(toolTitle("shell", { command: ["bash", "-lc", "ls"] })).toBe("bash -lc ls");
    expect(toolTitle("Edit", { file_path: "src/a.ts" })).toBe("Edit src/a.ts");
    expect(toolLocations({ file_path: "src/a.ts" }, "/ws")).toEqual([{ path: "/ws/src/a.ts" }]);
    const patch = "*** Begin Patch\n*** Update File: a.ts\n*** Add File: /abs/b.ts\n*** End Patch";
    expect(toolLocations(patch, "/ws")).toEqual([{ path: "/ws/a.ts" }, { path: "/abs/b.ts" }]);
  });
});

describe("ToolCallTracker", () => {
  test("C-ACP-01: a call and its result share the agent's id; text and thoughts are chunks", () => {
    const tracker = new ToolCallTracker("/ws");
    expect(tracker.updatesFor({ kind: "agent", text: "hi" })).toEqual([
      { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "hi" } },
    ]);
    const [call] = tracker.updatesFor({
      kind: "tool_call",
      name: "Read",
      input: '{"file_path":"a.ts"}',
      id: "t1",
    });
    expect(call).toMatchObject({
      sessionUpdate: "tool_call",
      toolCallId: "t1",
      kind: "read",
      status: "in_progress",
      locations: [{ path: "/ws/a.ts" }],
    });
    expect(tracker.newestOpen()?.id).toBe("t1");
    const [result] = tracker.updatesFor({
      kind: "tool_result",
      name: "Read",
      output: "text",
      id: "t1",
      isError: undefined,
    });
    expect(result).toMatchObject({
      sessionUpdate: "tool_call_update",
      toolCallId: "t1",
      status: "completed",
    });
    expect(tracker.newestOpen()).toBeUndefined();
  });

  test("C-ACP-02: a call announced by its permission request keeps that id; rejected, it fails", () => {
    const tracker = new ToolCallTracker("/ws");
    tracker.reserve("perm-1", (_name, input) => (input as { command?: string }).command === "rm x");
    tracker.markRejected("perm-1");
    const [call] = tracker.updatesFor({
      kind: "tool_call",
      name: "Bash",
      input: '{"command":"rm x"}',
      id: "toolu_9",
    });
    expect(call).toMatchObject({ toolCallId: "perm-1" });
    const [result] = tracker.updatesFor({
      kind: "tool_result",
      name: "Bash",
      output: "denied",
      id: "toolu_9",
      isError: undefined,
    });
    expect(result).toMatchObject({ toolCallId: "perm-1", status: "failed" });
  });

  test("calls without ids get stable ones of their own, paired by name", () => {
    const tracker = new ToolCallTracker("/ws");
    const [call] = tracker.updatesFor({
      kind: "tool_call",
      name: "local_shell",
      input: undefined,
      id: undefined,
    });
    const [result] = tracker.updatesFor({
      kind: "tool_result",
      name: "local_shell",
      output: "",
      id: undefined,
      isError: true,
    });
    expect(call).toMatchObject({ toolCallId: "elwood-tool-1" });
    expect(result).toMatchObject({ toolCallId: "elwood-tool-1", status: "failed", content: [] });
  });
});
