// The public face every agent session shares (api.md §5.3): the common event map and
// `ElwoodAgentSession`. Adapters build their event maps on it; they never import src/session.
import type { ElwoodUnsubscribe } from "../../events/emitter.js";
import type { TerminalSnapshot } from "../../terminal/snapshot.js";
import type { ElwoodTokenUsage } from "../../transcript/usage.js";
import type { ElwoodAttachHandle, ElwoodAttachOptions } from "./attach.js";
import type { ElwoodLoopEvent, ElwoodLoopRequest, ElwoodLoopSnapshot } from "./loops.js";
import type { AgentModelOption, ModelOperationOptions } from "./models.js";
import type {
  ElwoodAgentId,
  ElwoodSessionStatus,
  ElwoodStatusDecision,
  ElwoodStatusEvent,
  ElwoodTerminalExitEvent,
  ElwoodTerminalSize,
} from "./status.js";
import type { ElwoodStreamEvent, SendOptions, TurnOptions } from "./turn.js";
import type { ElwoodActivityEvent, ElwoodHookErrorEvent, ElwoodTurnEvent } from "./types.js";
import type { ElwoodWarningEvent } from "./warnings.js";

/** What `session.terminal.snapshot()` returns: the rendered screen (the terminal layer's type). */
export type { TerminalSnapshot as ElwoodTerminalSnapshot } from "../../terminal/snapshot.js";

/** `session.terminal`, read-only: typing, resizing and stopping go through the session. */
export interface ElwoodTerminalView {
  readonly size: ElwoodTerminalSize;
  /** The latest OSC 0/2 window title. */
  readonly title: string;
  /** Sticky once a render failed; queued input is held while it is set. */
  readonly renderFailed: boolean;
  snapshot(): TerminalSnapshot;
  /** Resolves once every byte received so far is rendered (a snapshot then shows it all). */
  settled(): Promise<void>;
  /** Raw output: the live replay buffer (128 KB) first, then every chunk. */
  onData(listener: (chunk: string) => void): ElwoodUnsubscribe;
}

/** What `answerDialog()` resolves with once the dialog it answered is gone from the screen. */
export interface ElwoodDialogAnswer {
  /** The dialog's screen rules, as its `attention` activity's `label` named them. */
  readonly label: string;
  /** How many times the keys were written: 1, or more when the dialog dropped them. */
  readonly presses: number;
}

export interface ElwoodDialogAnswerOptions {
  /** The whole answer's bound, waits and presses again included (default 20 s). */
  readonly timeoutMs?: number;
}

/** Events every agent session has (the ElwoodAgentSession event names). */
export interface ElwoodAgentSessionEvents {
  "terminal:data": string;
  /**
   * Every write to the CLI's PTY, as written: the session's pastes and keys, `sendKeys`
   * input, the terminal's own reports. For auditing which keys reached the CLI (issue 49).
   */
  "terminal:input": string;
  "terminal:exit": ElwoodTerminalExitEvent;
  status: ElwoodStatusEvent;
  activity: ElwoodActivityEvent;
  warning: ElwoodWarningEvent;
  hookError: ElwoodHookErrorEvent;
  resize: ElwoodTerminalSize;
  loop: ElwoodLoopEvent;
  turn: ElwoodTurnEvent;
}

/**
 * What every raw agent session offers (C-API-27): `ClaudeSessionApi` and `CodexSessionApi`
 * both satisfy it structurally, so one function can drive either.
 */
export interface ElwoodAgentSession {
  readonly agent: ElwoodAgentId;
  readonly elwoodSessionId: string;
  readonly cwd: string;
  readonly status: ElwoodSessionStatus;
  /** The session's token usage so far (transcript-recorded requests); undefined until read. */
  readonly usage: ElwoodTokenUsage | undefined;
  readonly terminal: ElwoodTerminalView;
  statusDecisions(): readonly ElwoodStatusDecision[];
  waitForStatus(
    match: (status: ElwoodSessionStatus) => boolean,
    timeoutMs?: number,
  ): Promise<ElwoodSessionStatus>;
  /** A type-guard `match` (e.g. `(e) => e.kind === "tool_call"`) narrows the result. */
  waitForActivity<E extends ElwoodActivityEvent>(
    match: (event: ElwoodActivityEvent) => event is E,
    timeoutMs?: number,
  ): Promise<E>;
  waitForActivity(
    match: (event: ElwoodActivityEvent) => boolean,
    timeoutMs?: number,
  ): Promise<ElwoodActivityEvent>;
  on<E extends keyof ElwoodAgentSessionEvents>(
    event: E,
    handler: (payload: ElwoodAgentSessionEvents[E]) => void,
  ): ElwoodUnsubscribe;
  off<E extends keyof ElwoodAgentSessionEvents>(
    event: E,
    handler: (payload: ElwoodAgentSessionEvents[E]) => void,
  ): void;
  /** One turn's content, ending when the turn is complete (turns run one at a time). */
  stream(prompt: string, options?: TurnOptions): AsyncIterable<ElwoodStreamEvent>;
  /** Drains `stream()`: the turn's assistant messages joined by a blank line. */
  send(prompt: string, options?: TurnOptions): Promise<string>;
  sendPrompt(prompt: string, options?: SendOptions): Promise<void>;
  sendMessage(message: string, options?: SendOptions): Promise<void>;
  sendGuidance(message: string, options?: SendOptions): Promise<void>;
  sendKeys(input: string | Uint8Array): Promise<void>;
  /**
   * Answers the dialog an `attention` reported (status `blocked`): writes `keys` (an array:
   * one key at a time, e.g. `["\x1b[B", "\r"]`) once the dialog takes keys, presses again
   * while the same dialog stays untouched, and resolves once it is gone. Rejects with
   * `dialog_not_shown` when no dialog shows, `dialog_not_answered` when it stays.
   */
  answerDialog(
    keys: string | readonly string[],
    options?: ElwoodDialogAnswerOptions,
  ): Promise<ElwoodDialogAnswer>;
  resize(size: ElwoodTerminalSize): Promise<void>;
  /** Hands a terminal to a person until the detach key; the session keeps running after. */
  attach(options: ElwoodAttachOptions): Promise<ElwoodAttachHandle>;
  interrupt(options?: { readonly timeoutMs?: number }): Promise<void>;
  compact(options?: { readonly timeoutMs?: number }): Promise<void>;
  listModels(options?: ModelOperationOptions): Promise<readonly AgentModelOption[]>;
  setModel(id: string, options?: ModelOperationOptions): Promise<void>;
  createLoop(request: ElwoodLoopRequest): Promise<ElwoodLoopSnapshot>;
  listLoops(): Promise<readonly ElwoodLoopSnapshot[]>;
  cancelLoop(loopId: string): Promise<void>;
  stop(): Promise<void>;
  kill(): Promise<void>;
  teardown(): Promise<void>;
}
