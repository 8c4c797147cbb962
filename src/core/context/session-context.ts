// The one context a session's parts share (issue 20), built once by the runtime in this
// order and handed whole to each part (prd/internals.md "How the runtime is built").
import type { TerminalPort } from "../contract/ports.js";
import type { SessionClock } from "./clock.js";
import type { ControlQueue } from "./control-queue.js";
import type { SessionLifetime } from "./lifetime.js";
import type { ScreenReader } from "./screen-reader.js";
import type { SessionEvents } from "./session-events.js";
import type { StatusMachine } from "./status-machine.js";

export interface SessionContext {
  /** The agent's name for messages ("Claude Code"). */
  readonly displayName: string;
  readonly clock: SessionClock;
  readonly events: SessionEvents;
  readonly status: StatusMachine;
  readonly lifetime: SessionLifetime;
  readonly queue: ControlQueue;
  readonly terminal: TerminalPort;
  readonly screen: ScreenReader;
}
