// Public, adapter-neutral session types: statuses, activity, warnings, hook errors
// (spec digest api.md §5.3 "Status model", §5.4 "Events", seeds §5.7 warnings).

export type AgentKind = "claude" | "codex";

export interface TerminalSize {
  readonly cols: number;
  readonly rows: number;
}

export const LIVE_STATUSES = ["starting", "running", "ready", "blocked"] as const;
export const TERMINAL_STATUSES = ["stopped", "exited", "killed", "torn_down"] as const;
export type ElwoodLiveStatus = (typeof LIVE_STATUSES)[number];
export type ElwoodTerminalStatus = (typeof TERMINAL_STATUSES)[number];
export type ElwoodSessionStatus = ElwoodLiveStatus | ElwoodTerminalStatus;

export function isTerminalStatus(status: ElwoodSessionStatus): status is ElwoodTerminalStatus {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

/** One status decision, kept live-only for diagnostics; never carries content. */
export interface ElwoodStatusDecision {
  readonly at: number;
  readonly evidence: string;
  readonly from: ElwoodSessionStatus;
  /** Undefined when the evidence was considered and ignored. */
  readonly to: ElwoodSessionStatus | undefined;
  readonly reason: string;
}

export type ActivitySource = "hook" | "transcript" | "terminal" | "lifecycle";

export type ActivityKind =
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
  | "warning";

export interface ElwoodActivityEvent {
  readonly elwoodSessionId: string;
  readonly agent: AgentKind;
  readonly source: ActivitySource;
  readonly kind: ActivityKind;
  readonly label: string;
  readonly text?: string;
  readonly hookEventName?: string;
  readonly turnId?: string;
  readonly toolName?: string;
  readonly toolUseId?: string;
  readonly toolInput?: string;
  readonly toolOutput?: string;
  readonly status?: ElwoodSessionStatus;
  readonly exitCode?: number;
  readonly failedOpen?: boolean;
  readonly transcriptPath?: string;
  /** Live-only and unredacted: the record or hook input this activity came from. */
  readonly raw?: unknown;
}

export type HookErrorCategory =
  | "timeout"
  | "handler_error"
  | "invalid_input"
  | "invalid_response"
  | "bridge_error";

export interface HookErrorEvent {
  readonly elwoodSessionId: string;
  readonly agent: AgentKind;
  readonly hookEventName: string;
  readonly category: HookErrorCategory;
  readonly message: string;
  readonly timeoutMs?: number;
  readonly cause?: unknown;
}

export type WarningSource = "lifecycle" | "terminal";

/** Typed, non-fatal, live-only issues. Fields beyond the common ones depend on `code`. */
export interface ElwoodWarningEvent {
  readonly elwoodSessionId: string;
  readonly agent: AgentKind;
  readonly source: WarningSource;
  readonly code: string;
  readonly severity: "warning";
  readonly message: string;
  readonly raw: string;
  readonly [detail: string]: unknown;
}

export interface TerminalExitEvent {
  readonly exitCode: number;
  readonly signal?: number;
}

export interface StatusEvent {
  readonly status: ElwoodSessionStatus;
  readonly previous: ElwoodSessionStatus;
}

/**
 * One submitted prompt's progress, emitted by the core Turn (issue 11): started when it is
 * dispatched, accepted on the agent's acceptance signal, content for each committed item,
 * then ended, or failed with a typed error (prompt_not_accepted, session_not_running).
 */
export type ElwoodTurnEvent =
  | {
      readonly kind: "started";
      readonly turnId: number;
      /** message, prompt, guidance or loop. */
      readonly submission: string;
    }
  | { readonly kind: "accepted"; readonly turnId: number; readonly evidence: string }
  | {
      readonly kind: "content";
      readonly turnId: number;
      readonly event: import("./turn/stream-events.js").ElwoodStreamEvent;
    }
  | { readonly kind: "ended"; readonly turnId: number }
  | {
      readonly kind: "failed";
      readonly turnId: number;
      readonly error: import("../errors.js").ElwoodError;
    };
