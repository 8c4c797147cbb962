// The narrow views the runtime has of its mechanisms. The launcher plugs in the real
// terminal, PTY, transcript follower, state store and bridge; unit tests plug in fakes.
import type { ElwoodUnsubscribe } from "../../events/emitter.js";
import type { ElwoodTerminalView } from "./session.js";
import type { ElwoodTerminalExitEvent, ElwoodTerminalSize } from "./status.js";

/** The session's terminal: the public read-only view, plus what only the runtime may do. */
export interface TerminalPort extends ElwoodTerminalView {
  sendInput(data: string | Uint8Array): void;
  resize(size: ElwoodTerminalSize): void;
  onRender(listener: () => void): ElwoodUnsubscribe;
  /** Once, when rendering failed for good (`renderFailed` turned true). */
  onRenderFailed(listener: () => void): ElwoodUnsubscribe;
  dispose(): void;
}

export interface ProcessPort {
  readonly pid: number;
  onExit(listener: (exit: ElwoodTerminalExitEvent) => void): ElwoodUnsubscribe;
  kill(signal?: NodeJS.Signals): void;
}

export interface TranscriptPort {
  /** Starts following a transcript file (idempotent per path). */
  follow(path: string): void;
  /** Reads everything committed so far and delivers it before resolving; keeps following. */
  catchUp(): Promise<void>;
  /** Whether a turn may be writing now (quick reads) or the session idles (slow reads). */
  setActive(isActive: boolean): void;
  /** The last bounded read before exit; stops following. */
  finalFlush(): Promise<void>;
  stop(): void;
}

export interface StatePort {
  persistAgentSessionId(agentSessionId: string): Promise<void>;
  removeLoops(): Promise<void>;
  /** Removes the session's state; the folders it left alone, not being the user's own. */
  removeSession(): Promise<readonly SkippedStateFolder[]>;
}

export interface SkippedStateFolder {
  readonly path: string;
  /** The same reasons the `state_folder_skipped` warning carries. */
  readonly reason: "foreign_owner" | "symlink" | "not_a_directory";
}

/** SIGKILLs a process group; returns false when the group was already empty. */
export type GroupReaper = (pid: number) => boolean;
