// The `warning` event (seeds §5.7 "MVP warning contract", api.md "Warnings"): typed,
// non-fatal, live-only, content-free. One variant per code, each with its own detail
// fields, so a `switch (warning.code)` narrows and can be checked for exhaustiveness.
// `agent` is the session's agent; codes an agent's adapter supplies (its screen or config
// facts) are emitted only for agents whose facts have them.
import type { TranscriptDropReason } from "../../transcript/types.js";
import type { ElwoodAgentId, StartupPromptLabel } from "./status.js";

export type ElwoodWarningSource = "lifecycle" | "terminal";

interface WarningFields<Code extends string, Source extends ElwoodWarningSource> {
  readonly elwoodSessionId: string;
  readonly agent: ElwoodAgentId;
  readonly source: Source;
  readonly code: Code;
  readonly severity: "warning";
  /** A fixed, human-readable sentence; never conversation content. */
  readonly message: string;
  /** A short environment diagnostic, never content; today the code itself. */
  readonly raw: string;
}

/** The CLI's `--version` output could not be parsed; the session started anyway. */
export type ElwoodVersionUnparseableWarning = WarningFields<"version_unparseable", "lifecycle">;

/** `autoupdate`: the update failed but the installed CLI still meets the minimum. */
export interface ElwoodAgentUpdateFailedWarning
  extends WarningFields<"agent_update_failed", "lifecycle"> {
  readonly installedVersion: string;
  /** An allowlisted code only (an errno, a probe timeout, `update_active`). */
  readonly errorCode: string;
}

/** An MCP server needs a login (the adapter's recovery command); once per server. */
export interface ElwoodMcpServerNotLoggedInWarning
  extends WarningFields<"mcp_server_not_logged_in", "terminal"> {
  readonly mcpServerName: string;
  readonly recoveryCommand: string;
}

/** The login lapsed after the session was usable (C-CLAUDE-18; login facts); once. */
export interface ElwoodLoginExpiredWarning extends WarningFields<"login_expired", "terminal"> {
  readonly recoveryCommand: "/login";
}

/**
 * Some MCP servers failed to start (their configured names, never content); one recovery
 * command per server, in order: the adapter's login command when it needs a login, else
 * its inspect command (shows the configuration to fix). Emitted once per session.
 */
export interface ElwoodMcpStartupIncompleteWarning
  extends WarningFields<"mcp_startup_incomplete", "terminal"> {
  readonly failedServers: readonly string[];
  readonly recoveryCommands: readonly string[];
}

/**
 * A model change was persisted as the user's default and could not be undone (the code is
 * the spec's; the adapter's default-model guard supplies the warning).
 */
export type ElwoodDefaultModelPersistedWarning = WarningFields<
  "codex_default_model_persisted",
  "lifecycle"
>;

/** Committed transcript records were lost: a cause label, never a count or text. */
export interface ElwoodTranscriptRecordsDroppedWarning
  extends WarningFields<"transcript_records_dropped", "terminal"> {
  readonly cause: TranscriptDropReason;
  readonly transcriptPath: string;
}

/** A transcript read failed and was contained (a rotation, removal or permission race). */
export interface ElwoodTranscriptReadErrorWarning
  extends WarningFields<"transcript_read_error", "terminal"> {
  /** errno-style code of the failed read (e.g. "EACCES"), or "UnknownError". */
  readonly lastErrorCode: string;
  readonly transcriptPath: string;
}

/** Elwood stopped following the transcript; later activity from it is lost. */
export interface ElwoodTranscriptPollStoppedWarning
  extends WarningFields<"transcript_poll_stopped", "terminal"> {
  readonly reason: "repeated_read_errors" | "consumer_error";
  /** The periodic poll, or the final flush before `terminal:exit`. */
  readonly phase: "poll" | "final_flush";
  readonly transcriptPath: string;
}

/** The agent exited on its own but its process group could not be killed. */
export interface ElwoodReapFailedWarning extends WarningFields<"reap_failed", "lifecycle"> {
  readonly processGroupId: number;
  /** An allowlisted error code (e.g. "EPERM"), or "UnknownError". */
  readonly errorCode: string;
}

/** The caller's size could not be restored after a narrow bootstrap (bootstrapMinCols). */
export interface ElwoodResizeRestoreFailedWarning
  extends WarningFields<"resize_restore_failed", "lifecycle"> {
  readonly requestedCols: number;
  readonly requestedRows: number;
  readonly errorCode: string;
}

/** Answering a startup prompt failed to write; the prompt stays retryable. */
export interface ElwoodStartupPromptWriteFailedWarning
  extends WarningFields<"startup_prompt_write_failed", "terminal"> {
  readonly label: StartupPromptLabel;
}

/** Restoring the user's clipboard after an image paste failed. */
export type ElwoodClipboardRestoreFailedWarning = WarningFields<
  "clipboard_restore_failed",
  "lifecycle"
>;

/**
 * The screen stopped following the PTY for good (the sticky `terminal.renderFailed`: the
 * parser threw, or answered nothing for 10 s): screen-read status and dialogs no longer
 * change, and queued input is held. Once per session.
 */
export type ElwoodRenderFailedWarning = WarningFields<"render_failed", "terminal">;

/** Recording the first ready threw; the queue was released anyway (C-API-42). */
export type ElwoodInitialReadyFallbackWarning = WarningFields<
  "initial_ready_fallback",
  "lifecycle"
>;

/** The agent's conversation id could not be saved, so resume may be unavailable. */
export interface ElwoodRecordUpdateFailedWarning
  extends WarningFields<"record_update_failed", "lifecycle"> {
  readonly errorCode: string;
}

/**
 * startOrResume* was given a session it could not resume (`reason`: state_not_found,
 * resume_unavailable or adapter_mismatch) and started a new conversation instead.
 */
export interface ElwoodStartedNewConversationWarning
  extends WarningFields<"started_new_conversation", "lifecycle"> {
  readonly previousElwoodSessionId: string;
  readonly reason: "state_not_found" | "resume_unavailable" | "adapter_mismatch";
}

/**
 * teardown found a folder of Elwood's layout that is not this user's real directory
 * (another user created `<tmpdir>/elwood-<uid>`, a symlink, a file) and left it alone
 * instead of failing; nothing was ever written into it (issue 21).
 */
export interface ElwoodStateFolderSkippedWarning
  extends WarningFields<"state_folder_skipped", "lifecycle"> {
  readonly path: string;
  readonly reason: "foreign_owner" | "symlink" | "not_a_directory";
}

/**
 * resume* found a session whose conversation never took a prompt: the CLI started that
 * (empty) conversation afresh under the same session, with its loops and posture.
 */
export type ElwoodResumedEmptyConversationWarning = WarningFields<
  "resumed_empty_conversation",
  "lifecycle"
>;

/**
 * A program prompt became due while a person's unsent text was in the composer (keys from
 * `sendKeys`: the serve page, the API, an attached terminal). It waits, untyped, until the
 * composer is free, or fails with composer_occupied after `composerWaitMs` of an
 * untouched draft. Once per waiting submission.
 */
export interface ElwoodComposerOccupiedWarning
  extends WarningFields<"composer_occupied", "terminal"> {
  /** What waits: `message`, `prompt`, `guidance`, `loop`, … */
  readonly submission: string;
  readonly waitMs: number;
}

export type ElwoodWarningEvent =
  | ElwoodVersionUnparseableWarning
  | ElwoodAgentUpdateFailedWarning
  | ElwoodMcpServerNotLoggedInWarning
  | ElwoodLoginExpiredWarning
  | ElwoodMcpStartupIncompleteWarning
  | ElwoodDefaultModelPersistedWarning
  | ElwoodTranscriptRecordsDroppedWarning
  | ElwoodTranscriptReadErrorWarning
  | ElwoodTranscriptPollStoppedWarning
  | ElwoodReapFailedWarning
  | ElwoodResizeRestoreFailedWarning
  | ElwoodStartupPromptWriteFailedWarning
  | ElwoodClipboardRestoreFailedWarning
  | ElwoodInitialReadyFallbackWarning
  | ElwoodRenderFailedWarning
  | ElwoodRecordUpdateFailedWarning
  | ElwoodStartedNewConversationWarning
  | ElwoodStateFolderSkippedWarning
  | ElwoodResumedEmptyConversationWarning
  | ElwoodComposerOccupiedWarning;

export type ElwoodWarningCode = ElwoodWarningEvent["code"];

/** The warning variant of one code, e.g. `ElwoodWarningOf<"reap_failed">`. */
export type ElwoodWarningOf<C extends ElwoodWarningCode> = Extract<
  ElwoodWarningEvent,
  { readonly code: C }
>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What an emitter supplies; the session stamps id, agent, severity and raw. */
export type ElwoodWarningInput = DistributiveOmit<
  ElwoodWarningEvent,
  "elwoodSessionId" | "agent" | "severity" | "raw"
>;
