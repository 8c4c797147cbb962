// Codex rollout → activity and content-free summaries (hook-protocols B7, C-CODEX rollout).
import { describe, expect, it } from "vitest";
import {
  isInjectedContext,
  mapRolloutRecord,
  mapRolloutRecords,
} from "../../../../src/codex/transcript/map-rollout.js";
import { summarizeRolloutRecord } from "../../../../src/codex/transcript/summary.js";
import { loadJsonl } from "../../transcript/fixtures.js";

const strip = (items: ReturnType<typeof mapRolloutRecords>["items"]) =>
  items.map(({ raw: _raw, turnId: _t, ...rest }) => rest);
const item = (payload: Record<string, unknown>) => ({
  timestamp: "t",
  type: "response_item",
  payload,
});

describe("mapRolloutRecords on a real 0.171.0 rollout", () => {
  const records = loadJsonl("codex-0.171.0-rollout.jsonl");
  const { items: mapped, context } = mapRolloutRecords(records);
  // Content only: the usage items are ./*-usage.test.ts's.
  const items = mapped.filter((item) => item.kind !== "usage");

  it("yields typed prompts, the exec_command call and its output, and the reply; skips injected context and event_msg copies", () => {
    expect(strip(items)).toEqual([
      { kind: "user_message", text: "create the probe file" },
      {
        kind: "tool_call",
        toolName: "exec_command",
        toolUseId: "call_1",
        toolInput: JSON.stringify({
          cmd: "touch elwood-probe.txt",
          sandbox_permissions: "require_escalated",
          justification: "Create the probe file",
        }),
      },
      {
        kind: "tool_result",
        toolUseId: "call_1",
        toolOutput: "Wall time: 1.6 seconds\naborted by user",
      },
      { kind: "user_message", text: "say hi" },
      { kind: "user_message", text: "say hello" },
      { kind: "assistant_message", text: "Hello from the fake model." },
    ]);
  });

  it("carries the turn id of each turn", () => {
    expect(items[0]?.turnId).toBe("01a229a0-ead2-7ee1-b01f-294ac2e22597");
    expect(items[5]?.turnId).toBe("01a229a1-1fb7-7962-9b41-5f09d76901b8");
    expect(context.turnId).toBe("01a229a1-1fb7-7962-9b41-5f09d76901b8");
  });
});

describe("mapRolloutRecord item kinds (B7)", () => {
  it("maps reasoning summaries, web search, custom tools and local shell", () => {
    const records = [
      item({
        type: "reasoning",
        summary: [{ type: "summary_text", text: "plan" }],
        encrypted_content: "x",
      }),
      item({ type: "reasoning", summary: [], encrypted_content: "x" }),
      item({
        type: "web_search_call",
        status: "completed",
        action: { type: "search", query: "xterm" },
      }),
      item({
        type: "custom_tool_call",
        name: "apply_patch",
        call_id: "c2",
        input: "*** Begin Patch",
      }),
      item({ type: "custom_tool_call_output", call_id: "c2", output: { ok: true } }),
      item({ type: "local_shell_call", call_id: "c3", action: { command: ["ls"] } }),
    ];
    expect(strip(mapRolloutRecords(records, { turnId: "T" }).items)).toEqual([
      { kind: "reasoning", text: "plan" },
      { kind: "web_search", text: "xterm" },
      { kind: "tool_call", toolName: "apply_patch", toolUseId: "c2", toolInput: "*** Begin Patch" },
      { kind: "tool_result", toolUseId: "c2", toolOutput: '{"ok":true}' },
      {
        kind: "tool_call",
        toolName: "local_shell",
        toolUseId: "c3",
        toolInput: '{"command":["ls"]}',
      },
    ]);
  });

  it("skips a function_call without a name and an output without a call_id (malformed)", () => {
    const records = [
      item({ type: "function_call", call_id: "c1", arguments: "{}" }),
      item({ type: "function_call_output", output: "orphan" }),
    ];
    expect(mapRolloutRecords(records).items).toEqual([]);
  });

  it("falls back to the context turn id and updates it from turn_context", () => {
    const next = mapRolloutRecord(
      { type: "turn_context", payload: { turn_id: "T2" } },
      { turnId: "T1" },
    );
    expect(next.context.turnId).toBe("T2");
    const mapped = mapRolloutRecord(
      item({ type: "message", role: "assistant", content: [{ type: "output_text", text: "a" }] }),
      next.context,
    );
    expect(mapped.items[0]?.turnId).toBe("T2");
  });

  it("treats developer messages and context wrappers as the CLI's own text", () => {
    expect(
      mapRolloutRecord(
        item({ type: "message", role: "developer", content: [{ type: "input_text", text: "x" }] }),
      ).items,
    ).toEqual([]);
    expect(isInjectedContext("<turn_aborted>\nThe user interrupted\n</turn_aborted>")).toBe(true);
    expect(isInjectedContext("<b>bold</b> is what I typed, then more")).toBe(false);
  });
});

describe("C-CODEX-18 Codex reasoning", () => {
  it("C-CODEX-18: text comes from the summary and reasoning-text entries; encrypted content never shows", () => {
    const secret = "gAAAAB-encrypted-reasoning";
    const records = [
      item({
        type: "reasoning",
        summary: [{ type: "summary_text", text: "plan the change" }],
        content: [{ type: "reasoning_text", text: "first, read the file" }],
        encrypted_content: secret,
      }),
      item({ type: "reasoning", summary: [], content: null, encrypted_content: secret }),
      item({ type: "reasoning", summary: [], encrypted_content: secret }),
    ];
    const items = strip(mapRolloutRecords(records, { turnId: "T" }).items);
    expect(items).toEqual([{ kind: "reasoning", text: "plan the change\nfirst, read the file" }]);
    expect(JSON.stringify(items)).not.toContain(secret);
  });
});

describe("summarizeRolloutRecord", () => {
  it("summarizes without content", () => {
    const summary = summarizeRolloutRecord(
      item({
        type: "function_call",
        name: "exec_command",
        call_id: "c1",
        arguments: '{"cmd":"secret"}',
      }),
    );
    expect(summary).toEqual({
      kind: "tool_call",
      recordType: "response_item",
      payloadType: "function_call",
      toolName: "exec_command",
      callId: "c1",
    });
    expect(JSON.stringify(summary)).not.toContain("secret");
    expect(
      summarizeRolloutRecord({
        type: "event_msg",
        payload: { type: "task_complete", turn_id: "T" },
      }),
    ).toEqual({
      kind: "other",
      recordType: "event_msg",
      payloadType: "task_complete",
      turnId: "T",
    });
    expect(summarizeRolloutRecord(42)).toEqual({ kind: "other", recordType: "unknown" });
  });
});

describe("C-API-30 Codex tool fields the rollout lacks", () => {
  it("C-API-30: a function_call without arguments and an output without output carry no toolInput / toolOutput", () => {
    const items = strip(
      mapRolloutRecords(
        [
          item({ type: "function_call", name: "exec_command", call_id: "c9" }),
          item({ type: "function_call_output", call_id: "c9" }),
        ],
        { turnId: "T" },
      ).items,
    );
    expect(items).toEqual([
      { kind: "tool_call", toolName: "exec_command", toolUseId: "c9" },
      { kind: "tool_result", toolUseId: "c9" },
    ]);
  });
});

describe("C-API-20 a Codex reply is reported at its first committed record, once", () => {
  const records = loadJsonl("codex-0.171.0-rollout.jsonl");
  const payloadOf = (record: unknown) =>
    (record as { payload?: { type?: string; item?: { type?: string } } }).payload;
  // 0.171.0 writes the reply's item_completed (AgentMessage m_1), then its response_item.
  const replyCompletedAt = records.findIndex(
    (record) =>
      payloadOf(record)?.type === "item_completed" &&
      payloadOf(record)?.item?.type === "AgentMessage",
  );
  const replies = (list: readonly unknown[]) =>
    mapRolloutRecords(list).items.filter((entry) => entry.kind === "assistant_message");

  it("C-API-20: a rollout that ends between the reply's two records (CLI killed there) still yields the reply", () => {
    expect(replyCompletedAt).toBeGreaterThan(0);
    const cut = records.slice(0, replyCompletedAt + 1);
    expect(replies(cut).map((reply) => [reply.text, reply.turnId])).toEqual([
      ["Hello from the fake model.", "01a229a1-1fb7-7962-9b41-5f09d76901b8"],
    ]);
  });

  it("the whole rollout, and the two records in the other order, yield the reply once", () => {
    expect(replies(records)).toHaveLength(1);
    const completed = records[replyCompletedAt];
    const response = records[replyCompletedAt + 1];
    expect(replies([response, completed]).map((reply) => reply.text)).toEqual([
      "Hello from the fake model.",
    ]);
  });

  it("reported reply ids are forgotten at the next turn, so they cannot pile up over a long session", () => {
    const completed = records[replyCompletedAt];
    const started = { type: "event_msg", payload: { type: "task_started", turn_id: "T2" } };
    expect(replies([completed, started, completed])).toHaveLength(2);
  });
});
