// Type-level proofs for the public event unions (issue 11 "Typed public events"): checked
// by `tsc --noEmit` under `strict` (the @ts-expect-error lines, the `never` checks) and by
// vitest's expectTypeOf. Imports go through the package entry, as a consumer's would.
import { describe, expect, expectTypeOf, it } from "vitest";
import type {
  ClaudeSession,
  CodexSessionApi,
  ElwoodActivityEvent,
  ElwoodActivityKind,
  ElwoodActivityOf,
  ElwoodAgentSession,
  ElwoodWarningCode,
  ElwoodWarningEvent,
  ElwoodWarningOf,
} from "../../src/index.js";

/** Every code the spec's warning contract lists (seeds §5.7, api.md "Warnings"), plus ours. */
type SpecWarningCode =
  | "version_unparseable"
  | "agent_update_failed"
  | "mcp_server_not_logged_in"
  | "login_expired"
  | "mcp_startup_incomplete"
  | "codex_default_model_persisted"
  | "transcript_records_dropped"
  | "transcript_read_error"
  | "transcript_poll_stopped"
  | "reap_failed"
  | "resize_restore_failed"
  | "startup_prompt_write_failed"
  | "clipboard_restore_failed"
  | "initial_ready_fallback"
  | "record_update_failed"
  | "started_new_conversation"
  | "state_folder_skipped"
  // Ours, where the spec is silent (prd/decisions.md "An empty conversation resumes",
  // "A frozen screen says so").
  | "resumed_empty_conversation"
  | "render_failed"
  // issue 25: a program prompt waits behind a person's draft.
  | "composer_occupied"
  // issue 47: startOrResume* found the recorded conversation gone from disk.
  | "conversation_missing";

function describeWarning(warning: ElwoodWarningEvent): string {
  switch (warning.code) {
    case "version_unparseable":
    case "codex_default_model_persisted":
    case "clipboard_restore_failed":
    case "initial_ready_fallback":
    case "resumed_empty_conversation":
    case "render_failed":
      return warning.message;
    case "agent_update_failed":
      return `${warning.installedVersion} ${warning.errorCode}`;
    case "mcp_server_not_logged_in":
      return `${warning.mcpServerName}: ${warning.recoveryCommand}`;
    case "login_expired":
      return warning.recoveryCommand;
    case "mcp_startup_incomplete":
      return [...warning.failedServers, ...warning.recoveryCommands].join(" ");
    case "transcript_records_dropped":
      return `${warning.cause} ${warning.transcriptPath}`;
    case "transcript_read_error":
      return `${warning.lastErrorCode} ${warning.transcriptPath}`;
    case "transcript_poll_stopped":
      return `${warning.phase} ${warning.reason} ${warning.transcriptPath}`;
    case "reap_failed":
      return `${warning.processGroupId.toFixed(0)} ${warning.errorCode}`;
    case "resize_restore_failed":
      return `${warning.requestedCols}x${warning.requestedRows} ${warning.errorCode}`;
    case "startup_prompt_write_failed":
      return warning.label;
    case "record_update_failed":
      return warning.errorCode;
    case "started_new_conversation":
      return `${warning.previousElwoodSessionId} ${warning.reason}`;
    case "conversation_missing":
      return `${warning.previousElwoodSessionId} ${warning.conversation} ${warning.conversationPath}`;
    case "state_folder_skipped":
      return `${warning.path} ${warning.reason}`;
    case "composer_occupied":
      return `${warning.submission} ${warning.waitMs.toFixed(0)}`;
    default: {
      // Exhaustive: adding a code without a case above fails typecheck here.
      const unhandled: never = warning;
      return unhandled;
    }
  }
}

describe("public event types (issue 11, Done-when 4)", () => {
  it("activity narrows by kind to required fields, no ?. or ! needed", () => {
    const use = (e: ElwoodActivityEvent): number => {
      // toolInput / toolOutput are absent where the transcript records none (C-API-30).
      if (e.kind === "tool_call")
        return e.toolName.toUpperCase().length + (e.toolInput ?? "").length;
      if (e.kind === "assistant_message") return e.text.length + e.transcriptPath.length;
      if (e.kind === "user_message") return e.text.length;
      if (e.kind === "tool_result") return e.toolUseId.length + (e.toolOutput ?? "").length;
      if (e.kind === "hook") return e.hookEventName.length + Number(e.failedOpen);
      if (e.kind === "hook_error") return e.text.length + e.hookEventName.length;
      if (e.kind === "status") return e.status.length;
      if (e.kind === "lifecycle") return e.exitCode;
      if (e.kind === "startup_prompt" || e.kind === "attention") return e.text.length;
      if (e.kind === "warning") return e.label.length + e.text.length;
      return e.text?.length ?? 0;
    };
    expect(
      use({
        elwoodSessionId: "s",
        agent: "claude",
        source: "transcript",
        kind: "tool_call",
        label: "tool_call",
        toolName: "Bash",
        toolInput: "{}",
        transcriptPath: "/t",
        raw: {},
      }),
    ).toBe(6);
    expectTypeOf<ElwoodActivityOf<"tool_call">["toolName"]>().toEqualTypeOf<string>();
    expectTypeOf<ElwoodActivityOf<"tool_call">["toolUseId"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ElwoodActivityOf<"tool_result">["toolUseId"]>().toEqualTypeOf<string>();
    expectTypeOf<ElwoodActivityOf<"assistant_message">["text"]>().toEqualTypeOf<string>();
    expectTypeOf<ElwoodActivityOf<"reasoning">["text"]>().toEqualTypeOf<string>();
    expectTypeOf<ElwoodActivityOf<"warning">["label"]>().toEqualTypeOf<ElwoodWarningCode>();
    expectTypeOf<ElwoodActivityOf<"user_message">["source"]>().toEqualTypeOf<"transcript">();
    expectTypeOf<ElwoodActivityKind>().toEqualTypeOf<
      | "user_message"
      | "assistant_message"
      | "reasoning"
      | "tool_call"
      | "tool_result"
      | "web_search"
      | "hook"
      | "hook_error"
      | "startup_prompt"
      | "attention"
      | "status"
      | "lifecycle"
      | "warning"
    >();
  });

  it("fields a kind never has are not readable before narrowing", () => {
    const read = (e: ElwoodActivityEvent) => {
      // @ts-expect-error toolName exists only on tool_call / tool_result
      const name: string | undefined = e.toolName;
      // label, text and raw are on every activity
      return [name, e.label, e.text, e.raw];
    };
    expectTypeOf(read).toBeFunction();
  });

  it("a switch on warning.code is exhaustive and covers every spec code", () => {
    expectTypeOf<ElwoodWarningCode>().toEqualTypeOf<SpecWarningCode>();
    const warning: ElwoodWarningOf<"transcript_read_error"> = {
      elwoodSessionId: "s",
      agent: "codex",
      source: "terminal",
      code: "transcript_read_error",
      severity: "warning",
      message: "Reading the agent's transcript failed.",
      raw: "transcript_read_error",
      lastErrorCode: "EACCES",
      transcriptPath: "/t",
    };
    expect(describeWarning(warning)).toBe("EACCES /t");
  });

  it("warnings have no index signature: unknown details and codes do not compile", () => {
    const read = (warning: ElwoodWarningEvent) => {
      // @ts-expect-error not a field of any warning
      const detail: unknown = warning.detail;
      if (warning.code === "transcript_read_error") {
        // @ts-expect-error the spec's name is lastErrorCode
        const old: string = warning.errorCode;
        return [detail, old];
      }
      return [detail];
    };
    // @ts-expect-error not a warning code
    type Nope = ElwoodWarningOf<"something_else">;
    expectTypeOf(read).toBeFunction();
    expectTypeOf<Nope>().toBeNever();
  });

  it("waitForActivity with a kind check resolves to that variant", () => {
    const waitForToolCall = async (session: ElwoodAgentSession): Promise<string> => {
      const call = await session.waitForActivity((e) => e.kind === "tool_call");
      return call.toolName.toUpperCase();
    };
    const lastReply = async (session: ClaudeSession): Promise<number> =>
      (await session.waitForActivity((e) => e.kind === "assistant_message")).text.length;
    const anyActivity = (session: CodexSessionApi) =>
      session.waitForActivity((e) => e.label.startsWith("x"));
    expectTypeOf(waitForToolCall).returns.toEqualTypeOf<Promise<string>>();
    expectTypeOf(lastReply).returns.toEqualTypeOf<Promise<number>>();
    expectTypeOf(anyActivity).returns.toEqualTypeOf<Promise<ElwoodActivityEvent>>();
  });
});
