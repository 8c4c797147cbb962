// The adapter seam (ARCHITECTURE "The adapter seam"): everything agent-specific the
// runtime needs, as data plus small pure functions. core/ never imports an adapter.

import type { z } from "zod";
import type { HookCatalogue, HookEventBase } from "../../bridge/catalogue.js";
import type { HookTimeoutsByEvent } from "../../bridge/handler-timeout.js";
import type { SessionRecord } from "../../state/record.js";
import type { TerminalSnapshot } from "../../terminal/snapshot.js";
import type { TranscriptActivityItem } from "../../transcript/activity.js";
import type { AgentOperationFacts } from "./operation-facts.js";
import type { StartupPromptLabel } from "./status.js";

/** A dialog on screen, as the adapter's screen tables recognize it. */
export interface ScreenDialog {
  /** Stable rule ids that matched; they name the attention. */
  readonly ruleIds: readonly string[];
  /** `startup_prompt` dialogs may be answered; every other dialog waits for a human. */
  readonly kind: "startup_prompt" | "human_decision";
  /** A tool-permission prompt, which a PermissionRequest hook may already have decided. */
  readonly isToolPermission?: boolean;
  /**
   * A tool-permission prompt's keys for a human's approval answer (the screen table's
   * `approvalKeys`); only when its header and body are both visible.
   */
  readonly approvalKeys?: { readonly allow: string; readonly deny: string };
  readonly label?: StartupPromptLabel;
  /** Only `autotrust` may answer it (api.md "Trust allowlist"); the screen table says so. */
  readonly needsAutotrust?: boolean;
  /** Keys that pick the safe answer; only when header, body and option are all visible. */
  readonly answerKeys?: string;
  /** The dialog's visible rows from its header down (bounded), for the attention activity. */
  readonly text?: string;
  /**
   * `text` with the highlight marker taken off its option rows: the same on every frame of
   * one dialog whatever option is highlighted, so a moved highlight is no new dialog.
   */
  readonly unmarkedText?: string;
  /** The least time between the dialog's first frame and the first key (screen table). */
  readonly firstKeyAfterMs?: number;
  /** The highlighted option row, so a key's effect can be confirmed on a later frame. */
  readonly selectedIndex?: number;
}

/** What one rendered frame says, reduced to the facts the runtime acts on. */
export interface ScreenReading {
  readonly dialog: ScreenDialog | undefined;
  readonly isWorking: boolean;
  readonly isInterrupted: boolean;
  readonly hasIdleComposer: boolean;
  /** The composer's rows after the glyph, newline-joined (a placeholder too); undefined: none. */
  readonly composerText: string | undefined;
  /** What was typed, whitespace collapsed: "" if empty or a placeholder; undefined: none. */
  readonly composerDraft: string | undefined;
  readonly isAuthFailure: boolean;
}

export interface ScreenFrame extends Pick<TerminalSnapshot, "lines" | "cursor"> {
  /** The CLI version the version gate read; version-scoped facts follow it (all when unknown). */
  readonly cliVersion?: string;
  readonly title: string;
}

/** One item of committed transcript content, agent-neutral. */
export type TranscriptItem = TranscriptActivityItem;

/** Maps one transcript file's records in order; mappers may carry context (the turn id). */
export type TranscriptMapper = (record: unknown) => readonly TranscriptItem[];

export interface BridgeWiring {
  readonly port: number;
  /** Which command-hook client the commands carry inline (bridge/clients/command.ts). */
  readonly commandClientKind: "bash" | "node";
  readonly hookTimeoutMs: number;
  /** Events whose handlers carry a longer deadline (the approvals handler); the rest use hookTimeoutMs. */
  readonly hookTimeoutsByEvent?: HookTimeoutsByEvent;
  /**
   * Whether the CLI must wait for an event's answer (a handler declared at start, or a hook
   * Elwood acts on); the rest may be registered observe-only. Absent: every event blocks.
   */
  readonly isBlocking?: (eventName: string) => boolean;
  /** Whether the CLI is told about an event at all (`listenerOnlyHooks`). Absent: every one. */
  readonly isRegistered?: (eventName: string) => boolean;
}

export interface LaunchRequest<Options, Posture = unknown> {
  readonly options: Options;
  readonly record: SessionRecord<Posture>;
  readonly bridge: BridgeWiring;
  readonly isResume: boolean;
  /** The caller's environment for the CLI (before Elwood's additions). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The version the gate read from `--version`; undefined when it was unreadable. */
  readonly cliVersion: string | undefined;
  /** The CLI's `--help` text through the login shell (cached per process); "" if it failed. */
  readonly cliHelp: () => Promise<string>;
  /** Writes a runtime file in the session's private dir (outside the workspace); returns its path. */
  readonly writeRuntimeFile: (name: string, text: string) => Promise<string>;
}

export interface LaunchPlan {
  /** The CLI argv, starting with the binary name or the caller's explicit executable. */
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  /**
   * Hook events the CLI sends through the command client (`"all"`: every one); the rest come
   * over http from the CLI itself, each admitted only from its sender (prd/bridge.md "Peer check").
   */
  readonly commandHookEvents: "all" | readonly string[];
  /**
   * Events registered so that the CLI does not wait for the answer (bridge/registration.ts):
   * a decision returned for one is reported as `undeclared_decision`, never applied.
   */
  readonly observeOnlyHookEvents?: readonly string[];
  /**
   * The conversation's transcript file when the launch already knows it and the hooks
   * name it late or never (Copilot: its id is chosen at launch, and only its turn-end hook
   * carries the path). Followed from the start; a resume skips what it already holds.
   */
  readonly transcriptPath?: string;
  /**
   * Variables of the caller's environment the CLI must not see (Gemini runs headless and
   * exits when it finds `CI=true`): removed before the launch's own `env` is added.
   */
  readonly withoutEnv?: readonly string[];
}

/**
 * What proves the agent's CLI takes input (first readiness, core/runtime/readiness.ts), as
 * data the adapter declares; prd/runtime.md prints every registered agent's.
 */
export interface ReadinessEvidence {
  /** Hooks that prove the input loop is live on a cold start. */
  readonly initialReadyHooks: readonly string[];
  /** Whether a quiet idle composer after the session-start hook counts as first readiness. */
  readonly composerAfterSessionStartIsReady: boolean;
  /** Cold start: an idle composer visible this long is readiness (no early pre-input hook). */
  readonly coldStartComposerSettleMs?: number;
  /** Whether the first quiet idle composer counts as readiness on resume. */
  readonly composerIsReadyOnResume: boolean;
}

export interface AgentAdapter<
  Options,
  Handlers,
  Event extends HookEventBase = HookEventBase,
  Posture = unknown,
> {
  /** The agent's opaque id: the record's `adapter`, the events' `agent` (AGENT_ID_PATTERN). */
  readonly agent: string;
  readonly displayName: string;
  /** The command looked up on the login shell's PATH, unless the caller names an executable. */
  readonly binary: string;
  readonly minimumVersion: string;
  /** Validates the launch posture the session record keeps for resume. */
  readonly posture: z.ZodType<Posture>;
  /** Its start errors, from the names it declares (src/<agent>/errors.ts). */
  readonly errorNames: {
    readonly notFound: string;
    readonly startFailed: string;
    readonly versionUnsupported: string;
    readonly notAuthenticated: string;
  };
  readonly hooks: HookCatalogue<Handlers, Event>;
  /**
   * Events that fire on every tool step and cost the CLI too much per step even when
   * registered observe-only (measured, prd/bridge.md): registered only when a handler is
   * declared for them or someone listens for them at start (bridge/registration.ts).
   */
  readonly listenerOnlyHooks?: readonly string[];
  readonly signals: ReadinessEvidence & {
    readonly sessionStartHook: string;
    readonly promptAcceptedHook: string;
    /** The hook that ends every turn the agent finishes (with its final text). */
    readonly turnEndHook: string;
    /** A hook that ends a turn the API failed (Claude's StopFailure), which no Stop will end. */
    readonly turnFailedHook?: string;
    /**
     * The turn-end hook still fires for a turn Escape cancelled (Gemini's AfterAgent, about
     * a second after its "Request cancelled."), so the one after an interrupt is not the
     * next turn's end.
     */
    readonly turnEndHookFollowsInterrupt?: boolean;
    /**
     * The session-start hook fires only once a conversation exists (Codex: with the first
     * prompt), so its id is recorded at once (prd/decisions.md "When a conversation id…").
     */
    readonly conversationExistsAtSessionStart?: boolean;
    /** Which transcript record shows a resumable conversation (any complete one if absent). */
    readonly isConversationRecord?: (record: unknown) => boolean;
    /** The hook that can answer a tool-permission prompt before it needs a human, if any. */
    readonly permissionRequestHook?: string;
    /**
     * The turn-end or turn-failed hook's last-message text: "" when the turn ended with
     * none; undefined for other hooks, or when the hook cannot tell (the turn then waits
     * for some text in the transcript rather than end empty).
     */
    turnEndTextOf(event: Event): string | undefined;
    /**
     * The turn-end text may still be on its way to disk when the hook comes (Copilot reads
     * it from its session record): an undefined from turnEndTextOf is asked again this
     * often, on the session's clock, before the text counts as unknown; the turn waits.
     */
    readonly turnEndTextRetry?: { readonly attempts: number; readonly intervalMs: number };
    /** The prompt the acceptance hook reports, so only OUR prompt counts as accepted. */
    acceptedPromptOf(event: Event): string | undefined;
    /** A turn-end handler's reply that sends the agent back to work (the turn goes on). */
    isBlockingTurnEndReply(reply: unknown): boolean;
    /** How a pasted prompt shows in the composer until it is submitted (a global regex). */
    readonly pasteChip: RegExp;
    /**
     * When Enter follows a paste, where the delivery's defaults do not fit the CLI: a wait
     * after the paste shows before the first Enter, and the least time before Enter is
     * pressed again on a prompt still staged (a frame rendered since, or none).
     */
    readonly enterTiming?: EnterTiming;
    /** Idle composer time that ends a turn without its end hook (a tool may hide the working row). */
    readonly idleTurnEndGraceMs: number;
    /** The key that stops a running turn; default Escape (Copilot takes Esc as "edit prompt"). */
    readonly interruptKey?: string;
  };
  /** Claude needs at least this many columns while it boots (api.md "Size"). */
  readonly bootstrapMinCols?: number;
  /**
   * The CLI's own command that updates it in place, after its binary (`autoupdate: true`
   * runs it through the login shell before launch). Absent: the CLI has none, and
   * `autoupdate` runs nothing and warns `agent_update_failed` (`no_update_command`): an
   * argument a CLI does not know may be its prompt (Gemini 0.61 takes `gemini update`,
   * run without a terminal, as a headless prompt to the model).
   */
  readonly updateCommand?: readonly string[];
  /**
   * Variables every probe of the CLI runs with (`update`, `--version`, `--help`), over the
   * session's env: what keeps a probe one short process (Gemini relaunches itself for
   * `--version` too unless told not to). Optional.
   */
  readonly probeEnv?: Readonly<Record<string, string>>;
  /**
   * Refuses a launch the configuration rules out (Claude: hooks switched off in settings
   * the workspace cannot write; Gemini, Copilot: also a workspace file that switches
   * Elwood's hooks off where Elwood has no layer above it), with a typed error, before any
   * CLI process is spawned or any session file written. `cwd` is the session's workspace,
   * checked at every launch, a resume's included. Optional.
   */
  refuseLaunch?(env: Readonly<Record<string, string | undefined>>, cwd: string): Promise<void>;
  planLaunch(request: LaunchRequest<Options, Posture>): Promise<LaunchPlan>;
  readScreen(frame: ScreenFrame): ScreenReading;
  /** What session operations (images, compact) need to know of this CLI. */
  readonly operations?: AgentOperationFacts;
  createTranscriptMapper(): TranscriptMapper;
  /** A content-free record summary, emitted as `<agent>:transcript` (api.md §5.4); optional. */
  summarizeTranscriptRecord?(record: unknown): unknown;
  /** The agent's own conversation id carried by a hook event, if any. */
  agentSessionIdOf(event: Event): string | undefined;
  /** A chosen id for a fresh conversation (Claude's `--session-id`), in `record.resume.launched`. */
  newConversationId?(): string;
  /**
   * What the CLI left of a conversation launched but never recorded as taken (the parent
   * died): resume relaunches "absent" under that id, "empty" under a new one (the CLI
   * refuses an id whose file exists), and resumes "written".
   */
  launchedConversationState?(
    agentSessionId: string,
    env: Readonly<Record<string, string | undefined>>,
  ): Promise<LaunchedConversationState>;
  /**
   * Where the CLI keeps the conversation `agentSessionId` and whether a resume would find
   * it there (issue 47): a recorded conversation that is not "written" any more is refused
   * before anything is spawned, and listed as not resumable. Looked up in the CLI's state
   * folder as `env` names it (CLAUDE_CONFIG_DIR, CODEX_HOME, else under HOME).
   */
  findConversation?(
    agentSessionId: string,
    env: Readonly<Record<string, string | undefined>>,
  ): Promise<ConversationOnDisk>;
}

export type LaunchedConversationState = "absent" | "empty" | "written";

/** What the CLI's own files hold of one conversation. */
export interface ConversationOnDisk {
  /** No file; a file with no record a resume can continue; or a resumable conversation. */
  readonly state: LaunchedConversationState;
  /** The conversation's file when one exists. */
  readonly path: string | undefined;
  /** Where the CLI keeps it (a path pattern), for messages when no file exists. */
  readonly expectedAt: string;
}

/** What the turn owner reads of an adapter: which hooks mean what, and the paste chip. */
export type TurnSignals = AgentAdapter<unknown, unknown>["signals"];

export interface EnterTiming {
  readonly afterPasteShownMs: number;
  readonly retryMs: number;
  readonly retryUnrenderedMs: number;
}
