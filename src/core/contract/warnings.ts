// The `warning` event (seeds §5.7 "MVP warning contract", api.md "Warnings"): typed,
// non-fatal, live-only, content-free. One variant per code, each with its own detail
// fields, so a `switch (warning.code)` narrows and can be checked for exhaustiveness.
// `agent` is the session's agent; codes an agent's adapter supplies (its screen or config
// facts) are emitted only for agents whose facts have them.
import type { TranscriptDropReason } from "../../transcript/types.js";
import type { ElwoodAgentId, StartupPromptLabel } from "./status.js";

export type ElwoodWarningSource = "lifecycle" | "terminal";

/** Each code's source and the detail fields only it carries. */
interface WarningDetails {
  /** The CLI's `--version` output could not be parsed; the session started anyway. */
  version_unparseable: { source: "lifecycle" };
  /** `autoupdate`: the update failed but the installed CLI still meets the minimum. */
  agent_update_failed: {
    source: "lifecycle";
    installedVersion: string;
    /** An allowlisted code only (an errno, a probe timeout, `update_active`). */
    errorCode: string;
  };
  /** An MCP server needs a login (the adapter's recovery command); once per server. */
  mcp_server_not_logged_in: { source: "terminal"; mcpServerName: string; recoveryCommand: string };
  /** The login lapsed after the session was usable (C-CLAUDE-18; login facts); once. */
  login_expired: { source: "terminal"; recoveryCommand: "/login" };
  /** MCP servers failed to start (names only); per server, its login or inspect command. */
  mcp_startup_incomplete: {
    source: "terminal";
    failedServers: readonly string[];
    recoveryCommands: readonly string[];
  };
  /** A model change was persisted as the user's default and could not be undone. */
  codex_default_model_persisted: { source: "lifecycle" };
  /** Committed transcript records were lost: a cause label, never a count or text. */
  transcript_records_dropped: {
    source: "terminal";
    cause: TranscriptDropReason;
    transcriptPath: string;
  };
  /** A transcript read failed and was contained (a rotation, removal or permission race). */
  transcript_read_error: {
    source: "terminal";
    /** errno-style code of the failed read (e.g. "EACCES"), or "UnknownError". */
    lastErrorCode: string;
    transcriptPath: string;
  };
  /** Elwood stopped following the transcript; later activity from it is lost. */
  transcript_poll_stopped: {
    source: "terminal";
    reason: "repeated_read_errors" | "consumer_error";
    /** The periodic poll, or the final flush before `terminal:exit`. */
    phase: "poll" | "final_flush";
    transcriptPath: string;
  };
  /** The agent exited on its own but its process group could not be killed. */
  reap_failed: {
    source: "lifecycle";
    processGroupId: number;
    /** An allowlisted error code (e.g. "EPERM"), or "UnknownError". */
    errorCode: string;
  };
  /** The caller's size could not be restored after a narrow bootstrap (bootstrapMinCols). */
  resize_restore_failed: {
    source: "lifecycle";
    requestedCols: number;
    requestedRows: number;
    errorCode: string;
  };
  /** Answering a startup prompt failed to write; the prompt stays retryable. */
  startup_prompt_write_failed: { source: "terminal"; label: StartupPromptLabel };
  /** Restoring the user's clipboard after an image paste failed. */
  clipboard_restore_failed: { source: "lifecycle" };
  /** Recording the first ready threw; the queue was released anyway (C-API-42). */
  initial_ready_fallback: { source: "lifecycle" };
  /** The screen stopped following the PTY for good (`terminal.renderFailed`); once. */
  render_failed: { source: "terminal" };
  /** The agent's conversation id could not be saved, so resume may be unavailable. */
  record_update_failed: { source: "lifecycle"; errorCode: string };
  /** startOrResume* could not resume the session it was given and started a new conversation. */
  started_new_conversation: {
    source: "lifecycle";
    previousElwoodSessionId: string;
    reason: "state_not_found" | "resume_unavailable" | "adapter_mismatch";
  };
  /**
   * startOrResume* found the session's recorded conversation gone from the CLI's files (or
   * holding no message to resume) and started a new conversation instead (issue 47).
   */
  conversation_missing: {
    source: "lifecycle";
    previousElwoodSessionId: string;
    /** The agent's conversation id the old session recorded. */
    agentSessionId: string;
    /** "missing": no file; "empty": a file with no record a resume can continue. */
    conversation: "missing" | "empty";
    /** The file found, or where the CLI keeps it (a pattern) when there is none. */
    conversationPath: string;
  };
  /** teardown left alone a folder that is not this user's own directory (issue 21). */
  state_folder_skipped: {
    source: "lifecycle";
    path: string;
    reason: "foreign_owner" | "symlink" | "not_a_directory";
  };
  /** resume* relaunched a conversation that never took a prompt, with its loops and posture. */
  resumed_empty_conversation: { source: "lifecycle" };
  /** A due prompt waits, untyped, behind a person's unsent text in the composer (issue 25). */
  composer_occupied: {
    source: "terminal";
    /** What waits: `message`, `prompt`, `guidance`, `loop`, … */
    submission: string;
    waitMs: number;
  };
}

export type ElwoodWarningCode = keyof WarningDetails;

export type ElwoodWarningEvent = {
  [Code in ElwoodWarningCode]: {
    readonly elwoodSessionId: string;
    readonly agent: ElwoodAgentId;
    readonly code: Code;
    readonly severity: "warning";
    /** A fixed, human-readable sentence; never conversation content. */
    readonly message: string;
    /** A short environment diagnostic, never content; today the code itself. */
    readonly raw: string;
  } & Readonly<WarningDetails[Code]>;
}[ElwoodWarningCode];

/** The warning variant of one code, e.g. `ElwoodWarningOf<"reap_failed">`. */
export type ElwoodWarningOf<C extends ElwoodWarningCode> = Extract<
  ElwoodWarningEvent,
  { readonly code: C }
>;

export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What an emitter supplies; the session stamps id, agent, severity and raw. */
export type ElwoodWarningInput = DistributiveOmit<
  ElwoodWarningEvent,
  "elwoodSessionId" | "agent" | "severity" | "raw"
>;
