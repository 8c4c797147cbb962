// The public event shapes as SessionEvents emits them (api.md §5.4 "Activity shape",
// seeds §5.7 warnings): every activity kind carries the fields its variant requires,
// and every warning carries its code's detail fields and nothing content-bearing.
import { describe, expect, it } from "vitest";
import { SessionEvents } from "../../../../src/core/context/session-events.js";
import type { TerminalPort } from "../../../../src/core/contract/ports.js";
import type { ElwoodActivityEvent } from "../../../../src/core/contract/types.js";
import type { ElwoodWarningEvent } from "../../../../src/core/contract/warnings.js";

const terminal: TerminalPort = {
  size: { cols: 80, rows: 24 },
  title: "",
  renderFailed: false,
  snapshot: () => ({ text: "", lines: [], cursor: { x: 0, y: 0, isVisible: true } }),
  sendInput: () => {},
  resize: () => {},
  settled: () => Promise.resolve(),
  onData: () => () => {},
  onRender: () => () => {},
  onRenderFailed: () => () => {},
  dispose: () => {},
};

function recordEvents() {
  const events = new SessionEvents({ elwoodSessionId: "s1", agent: "claude", terminal });
  const activity: ElwoodActivityEvent[] = [];
  const warnings: ElwoodWarningEvent[] = [];
  events.on("activity", (event) => activity.push(event));
  events.on("warning", (warning) => warnings.push(warning));
  return { events, activity, warnings };
}

describe("SessionEvents: typed public events", () => {
  it("C-API-12: projects transcript items with their required fields, source, label and path", () => {
    const { events, activity } = recordEvents();
    events.emitTranscriptItem(
      { kind: "tool_call", toolName: "Bash", toolUseId: "t1", toolInput: "{}", raw: { a: 1 } },
      "/t.jsonl",
    );
    events.emitTranscriptItem({ kind: "assistant_message", text: "hi", raw: {} }, "/t.jsonl");
    expect(activity).toEqual([
      {
        elwoodSessionId: "s1",
        agent: "claude",
        source: "transcript",
        kind: "tool_call",
        label: "tool_call",
        toolName: "Bash",
        toolUseId: "t1",
        toolInput: "{}",
        transcriptPath: "/t.jsonl",
        raw: { a: 1 },
      },
      {
        elwoodSessionId: "s1",
        agent: "claude",
        source: "transcript",
        kind: "assistant_message",
        label: "assistant_message",
        text: "hi",
        transcriptPath: "/t.jsonl",
        raw: {},
      },
    ]);
  });

  it("C-API-14: transcript warnings carry the spec's fields: cause, lastErrorCode, reason and phase", () => {
    const { events, warnings, activity } = recordEvents();
    events.emitTranscriptWarning(
      { code: "transcript_records_dropped", reason: "oversized", count: 3 },
      "/t.jsonl",
    );
    events.emitTranscriptWarning(
      { code: "transcript_read_error", errorCode: "EACCES" },
      "/t.jsonl",
    );
    events.emitTranscriptWarning(
      { code: "transcript_poll_stopped", phase: "final_flush", reason: "consumer_error" },
      "/t.jsonl",
    );
    const common = { elwoodSessionId: "s1", agent: "claude", source: "terminal" };
    expect(warnings).toEqual([
      {
        ...common,
        code: "transcript_records_dropped",
        severity: "warning",
        message: expect.any(String),
        raw: "transcript_records_dropped",
        cause: "oversized",
        transcriptPath: "/t.jsonl",
      },
      {
        ...common,
        code: "transcript_read_error",
        severity: "warning",
        message: expect.any(String),
        raw: "transcript_read_error",
        lastErrorCode: "EACCES",
        transcriptPath: "/t.jsonl",
      },
      {
        ...common,
        code: "transcript_poll_stopped",
        severity: "warning",
        message: expect.any(String),
        raw: "transcript_poll_stopped",
        reason: "consumer_error",
        phase: "final_flush",
        transcriptPath: "/t.jsonl",
      },
    ]);
    // No count leaks into the public warning (content-free, no running tally).
    expect(warnings[0]).not.toHaveProperty("count");
    expect(activity.map((event) => [event.kind, event.label, event.source])).toEqual([
      ["warning", "transcript_records_dropped", "terminal"],
      ["warning", "transcript_read_error", "terminal"],
      ["warning", "transcript_poll_stopped", "terminal"],
    ]);
  });

  it("C-API-17: hook results and hook errors become activity, as do lifecycle, status, startup_prompt and attention", () => {
    const { events, activity } = recordEvents();
    events.emitStatus("ready", "starting");
    events.emitHookResult({
      hookEventName: "PreToolUse",
      failedOpen: false,
      hasHandler: true,
      decision: { permissionDecision: "deny" },
    });
    events.emitHookError({
      hookEventName: "Stop",
      category: "timeout",
      message: "timed out",
      timeoutMs: 5,
    });
    events.emitStartupPrompt("workspace_trust");
    events.emitAttention(["claude-permission-prompt"]);
    events.emitExit({ exitCode: 0 });
    expect(activity.map(({ elwoodSessionId, agent, ...rest }) => rest)).toEqual([
      { source: "lifecycle", kind: "status", label: "ready", status: "ready" },
      {
        source: "hook",
        kind: "hook",
        label: "PreToolUse",
        hookEventName: "PreToolUse",
        failedOpen: false,
        raw: { permissionDecision: "deny" },
      },
      {
        source: "hook",
        kind: "hook_error",
        label: "timeout",
        text: "timed out",
        hookEventName: "Stop",
        failedOpen: true,
      },
      {
        source: "terminal",
        kind: "startup_prompt",
        label: "workspace_trust",
        text: expect.stringContaining("workspace_trust"),
      },
      {
        source: "terminal",
        kind: "attention",
        label: "claude-permission-prompt",
        text: expect.any(String),
      },
      { source: "lifecycle", kind: "lifecycle", label: "exit", exitCode: 0 },
    ]);
  });
});
