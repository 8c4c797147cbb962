// Public, adapter-neutral event types: activity, hook errors, turn progress (spec digest
// api.md §5.4 "Events"). Statuses: ./status.ts; warnings: ./warnings.ts.
import type { ElwoodHookErrorCategory } from "../../bridge/outcome.js";
import type { ElwoodError } from "../../errors.js";
import type {
  TranscriptAssistantMessage,
  TranscriptReasoning,
  TranscriptToolCall,
  TranscriptToolResult,
  TranscriptUserMessage,
  TranscriptWebSearch,
} from "../../transcript/activity.js";
import type { ElwoodAgentId, ElwoodSessionStatus, StartupPromptLabel } from "./status.js";
import type { ElwoodStreamEvent } from "./turn.js";
import type { ElwoodWarningCode, ElwoodWarningSource } from "./warnings.js";

export type ElwoodActivitySource = "hook" | "transcript" | "terminal" | "lifecycle";

/** What every activity has (api.md "Activity shape"); each kind adds what it always knows. */
interface ActivityFields {
  readonly elwoodSessionId: string;
  readonly agent: ElwoodAgentId;
  readonly source: ElwoodActivitySource;
  readonly label: string;
  readonly text?: string;
  /** Live-only and unredacted: the record or hook reply this activity came from. */
  readonly raw?: unknown;
}

/** Committed content from the CLI's own transcript; the label repeats the kind. */
interface TranscriptActivity extends ActivityFields {
  readonly source: "transcript";
  readonly transcriptPath: string;
  readonly raw: unknown;
}

export interface ElwoodUserMessageActivity extends TranscriptActivity, TranscriptUserMessage {
  readonly text: string;
}

export interface ElwoodAssistantMessageActivity
  extends TranscriptActivity,
    TranscriptAssistantMessage {
  readonly text: string;
}

export interface ElwoodReasoningActivity extends TranscriptActivity, TranscriptReasoning {
  readonly text: string;
}

export interface ElwoodToolCallActivity extends TranscriptActivity, TranscriptToolCall {}

export interface ElwoodToolResultActivity extends TranscriptActivity, TranscriptToolResult {}

export interface ElwoodWebSearchActivity extends TranscriptActivity, TranscriptWebSearch {}

/** One hook dispatch and its result; a missing handler is "no decision", not failed-open. */
export interface ElwoodHookActivity extends ActivityFields {
  readonly kind: "hook";
  readonly source: "hook";
  /** The hook event name. */
  readonly label: string;
  readonly hookEventName: string;
  readonly failedOpen: boolean;
  /** The decision the handler returned (undefined = no decision). */
  readonly raw?: unknown;
}

/** The activity twin of a `hookError` event: the CLI got no decision (fail open). */
export interface ElwoodHookErrorActivity extends ActivityFields {
  readonly kind: "hook_error";
  readonly source: "hook";
  readonly label: ElwoodHookErrorCategory;
  readonly text: string;
  readonly hookEventName: string;
  readonly failedOpen: true;
}

/** Elwood answered a startup prompt; emitted only after the keys were written. */
export interface ElwoodStartupPromptActivity extends ActivityFields {
  readonly kind: "startup_prompt";
  readonly source: "terminal";
  readonly label: StartupPromptLabel;
  readonly text: string;
}

/** A dialog waits for a human; the label joins the screen rule ids that matched. */
export interface ElwoodAttentionActivity extends ActivityFields {
  readonly kind: "attention";
  readonly source: "terminal";
  readonly text: string;
}

export interface ElwoodStatusActivity extends ActivityFields {
  readonly kind: "status";
  readonly source: "lifecycle";
  readonly label: ElwoodSessionStatus;
  readonly status: ElwoodSessionStatus;
}

/** The CLI process ended. */
export interface ElwoodLifecycleActivity extends ActivityFields {
  readonly kind: "lifecycle";
  readonly source: "lifecycle";
  readonly label: "exit";
  readonly exitCode: number;
}

/** The activity twin of a `warning` event: the label is the code, the text its message. */
export interface ElwoodWarningActivity extends ActivityFields {
  readonly kind: "warning";
  readonly source: ElwoodWarningSource;
  readonly label: ElwoodWarningCode;
  readonly text: string;
}

/** The adapter-neutral timeline, discriminated by `kind`. */
export type ElwoodActivityEvent =
  | ElwoodUserMessageActivity
  | ElwoodAssistantMessageActivity
  | ElwoodReasoningActivity
  | ElwoodToolCallActivity
  | ElwoodToolResultActivity
  | ElwoodWebSearchActivity
  | ElwoodHookActivity
  | ElwoodHookErrorActivity
  | ElwoodStartupPromptActivity
  | ElwoodAttentionActivity
  | ElwoodStatusActivity
  | ElwoodLifecycleActivity
  | ElwoodWarningActivity;

export type ElwoodActivityKind = ElwoodActivityEvent["kind"];

/** The activity variant of one kind, e.g. `ElwoodActivityOf<"tool_call">`. */
export type ElwoodActivityOf<K extends ElwoodActivityKind> = Extract<
  ElwoodActivityEvent,
  { readonly kind: K }
>;

export type { ElwoodHookErrorCategory };

export interface ElwoodHookErrorEvent {
  readonly elwoodSessionId: string;
  readonly agent: ElwoodAgentId;
  readonly hookEventName: string;
  readonly category: ElwoodHookErrorCategory;
  readonly message: string;
  readonly timeoutMs?: number;
  readonly cause?: unknown;
}

/**
 * One submitted prompt's progress, emitted by the core Turn (issue 11): started when it is
 * dispatched, accepted on the agent's acceptance signal, content for each committed item,
 * then ended, or failed with a typed error (prompt_not_accepted, session_not_running).
 */
export type ElwoodTurnEvent =
  | {
      readonly kind: "started";
      readonly turnNumber: number;
      /** message, prompt, guidance or loop. */
      readonly submission: string;
    }
  | { readonly kind: "accepted"; readonly turnNumber: number; readonly evidence: string }
  | {
      readonly kind: "content";
      readonly turnNumber: number;
      readonly event: ElwoodStreamEvent;
    }
  | { readonly kind: "ended"; readonly turnNumber: number }
  | {
      readonly kind: "failed";
      readonly turnNumber: number;
      readonly error: ElwoodError;
    };
