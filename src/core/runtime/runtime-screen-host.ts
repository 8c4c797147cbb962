// Connects the screen watcher to the rest of the runtime: what a frame means for status,
// attention, readiness and queued input (api.md "Status model", "Turn boundaries").

import type { ControlQueue } from "../context/control-queue.js";
import type { SessionEvents } from "../context/session-events.js";
import type { StatusMachine } from "../context/status-machine.js";
import type { TimerSet } from "../context/timer-set.js";
import type { AgentAdapter, ScreenReading } from "../contract/adapter.js";
import type { TerminalPort } from "../contract/ports.js";
import type { StartupPromptLabel } from "../contract/status.js";
import { withoutWorkspacePath } from "../screen/dialog-text.js";
import type { ScreenWatcherHost } from "../screen/screen-watcher.js";
import type { TurnLedger } from "../turn/ledger.js";
import type { InitialReadiness } from "./readiness.js";

export interface ScreenHostParts {
  readonly autotrust: boolean;
  /** The workspace, kept out of the dialog text an attention activity carries. */
  readonly cwd: string;
  readonly terminal: TerminalPort;
  readonly adapter: Pick<AgentAdapter<unknown, unknown>, "readScreen">;
  readonly status: StatusMachine;
  readonly events: SessionEvents;
  readonly readiness: () => InitialReadiness;
  readonly queue: () => ControlQueue;
  readonly turn: TurnLedger;
  readonly timers: TimerSet;
  readonly isClosed: () => boolean;
  readonly renderCount: () => number;
}

/**
 * A spinner that clears with no interrupt banner ends a hook-driven turn only if the
 * turn-end hook has not come this long after: Codex hides its working row while a tool
 * runs, and that gap is not the turn's end (issue 11; e2e C-API-49 on Codex).
 */
export const IDLE_END_GRACE_MS = 5000;

export function createScreenHost(parts: ScreenHostParts): ScreenWatcherHost {
  const { terminal, status, events, turn } = parts;
  const pumpIfOpen = () => {
    if (status.status === "ready" || status.status === "running") parts.queue().pump();
  };
  const read = (): ScreenReading => {
    const snapshot = terminal.snapshot();
    return parts.adapter.readScreen({
      lines: snapshot.lines,
      cursor: snapshot.cursor,
      title: terminal.title,
    });
  };
  const mayEndOnIdle = () => turn.mayEndOnIdle(read().composerText);
  const endOnIdle = (reason: string) => {
    if (status.status !== "running" || !mayEndOnIdle()) return;
    turn.endTurn();
    status.apply("screen_idle", reason);
  };
  return {
    autotrust: parts.autotrust,
    read,
    hasBeenReady: () => status.hasBeenReady,
    isBlocked: () => status.status === "blocked",
    decidedPermissionCoverMs: () => turn.decidedPermission.coverDialog(),
    onNoPermissionDialog: () => turn.decidedPermission.noteNoDialog(),
    isClosed: parts.isClosed,
    writeKeys: (keys) => terminal.sendInput(keys),
    onStartupPromptAnswered: (label: StartupPromptLabel) => events.emitStartupPrompt(label),
    onStartupPromptWriteFailed: (label: StartupPromptLabel) =>
      events.emitWarning({
        source: "terminal",
        code: "startup_prompt_write_failed",
        message: `Could not answer the ${label} startup prompt; it stays retryable.`,
        label,
      }),
    onBlocked: (ruleIds, text) => {
      status.apply("dialog_visible", ruleIds.join(","));
      events.emitAttention(
        ruleIds,
        text === undefined ? undefined : withoutWorkspacePath(text, parts.cwd),
      );
    },
    onCleared: (isWorking, hasIdleComposer) => {
      if (isWorking) status.apply("dialog_cleared_working", "work visible");
      else if (hasIdleComposer) status.apply("dialog_cleared_idle", "idle composer");
      parts.readiness().onDialogCleared();
    },
    onWorkingEdge: () => {
      if (turn.noteWork()) status.apply("screen_working", "working indicator appeared");
    },
    onIdleEdge: (isInterrupt) => {
      if (status.status !== "running" || !mayEndOnIdle()) return;
      if (isInterrupt || !turn.isHookDriven) {
        endOnIdle(isInterrupt ? "fresh interrupt banner" : "working indicator gone, idle composer");
        return;
      }
      const generation = turn.generation;
      parts.timers.set(() => {
        const now = read();
        if (turn.generation !== generation || now.isWorking || !now.hasIdleComposer) return;
        endOnIdle("idle composer and no turn-end hook");
      }, IDLE_END_GRACE_MS);
    },
    onFrame: (reading) => {
      parts.readiness().onFrame(reading);
      if (reading.isWorking) turn.noteWork();
      else turn.noteIdleFrame();
      pumpIfOpen();
    },
    renderCount: parts.renderCount,
    setTimer: (callback, ms) => {
      const handle = parts.timers.set(callback, ms);
      return () => parts.timers.clear(handle);
    },
  };
}
