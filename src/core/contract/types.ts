// Public, adapter-neutral event types: activity, hook errors, turn progress (spec digest
// api.md §5.4 "Events"). Statuses: ./status.ts; warnings: ./warnings.ts.
import type { ElwoodHookErrorCategory, HookDispatchError } from "../../bridge/outcome.js";
import type { ElwoodError } from "../../errors.js";
import type { TranscriptActivityItem } from "../../transcript/activity.js";
import type { ElwoodTokenUsage } from "../../transcript/usage.js";
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

/** Committed transcript content, one variant per item kind; the label repeats the kind. */
type TranscriptActivity<Item> = Item extends unknown
  ? ActivityFields &
      Item & {
        readonly source: "transcript";
        readonly transcriptPath: string;
        readonly raw: unknown;
      }
  : never;

/** The activities the session reports itself, by kind: the source and what each always knows. */
interface SessionActivities {
  /** One hook dispatch; a missing handler is "no decision", not failed-open. */
  hook: { source: "hook"; hookEventName: string; failedOpen: boolean; raw?: unknown };
  /** The activity twin of a `hookError` event: the CLI got no decision (fail open). */
  hook_error: {
    source: "hook";
    label: ElwoodHookErrorCategory;
    text: string;
    hookEventName: string;
    failedOpen: true;
  };
  /** Elwood answered a startup prompt; emitted only after the keys were written. */
  startup_prompt: { source: "terminal"; label: StartupPromptLabel; text: string };
  /** A dialog waits for a human; the label joins the screen rule ids that matched. */
  attention: { source: "terminal"; text: string };
  status: { source: "lifecycle"; label: ElwoodSessionStatus; status: ElwoodSessionStatus };
  /** The CLI process ended. */
  lifecycle: { source: "lifecycle"; label: "exit"; exitCode: number };
  /** The activity twin of a `warning` event: the label is the code, the text its message. */
  warning: { source: ElwoodWarningSource; label: ElwoodWarningCode; text: string };
}

/** The adapter-neutral timeline, discriminated by `kind`. */
export type ElwoodActivityEvent =
  | TranscriptActivity<Exclude<TranscriptActivityItem, { readonly kind: "usage" }>>
  | {
      [Kind in keyof SessionActivities]: ActivityFields & { readonly kind: Kind } & Readonly<
          SessionActivities[Kind]
        >;
    }[keyof SessionActivities];

export type ElwoodActivityKind = ElwoodActivityEvent["kind"];

/** The activity variant of one kind, e.g. `ElwoodActivityOf<"tool_call">`. */
export type ElwoodActivityOf<K extends ElwoodActivityKind> = Extract<
  ElwoodActivityEvent,
  { readonly kind: K }
>;

export type { ElwoodHookErrorCategory };

export interface ElwoodHookErrorEvent extends HookDispatchError {
  readonly elwoodSessionId: string;
  readonly agent: ElwoodAgentId;
  readonly cause?: unknown;
}

/** One submitted prompt's progress (issue 11): started, accepted, content, ended or failed. */
export type ElwoodTurnEvent = {
  [Kind in keyof TurnEventDetails]: { readonly kind: Kind; readonly turnNumber: number } & Readonly<
    TurnEventDetails[Kind]
  >;
}[keyof TurnEventDetails];

/** What each turn event kind carries besides its turn number. */
interface TurnEventDetails {
  /** `submission`: message, prompt, guidance or loop. */
  started: { submission: string };
  accepted: { evidence: string };
  content: { event: ElwoodStreamEvent };
  ended: {
    /** Tokens of every model request recorded for the turn; absent (never zeros) if none. */
    usage?: ElwoodTokenUsage;
    /** The model that answered the turn's last request, when the transcript names it. */
    model?: string;
  };
  failed: { error: ElwoodError };
}
