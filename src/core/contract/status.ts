// Public, adapter-neutral session identity and status (spec digest api.md §5.3 "Status
// model"): the agent id, the terminal size, the status set and its decisions.

/** An agent's id as its adapter names it, opaque to core; the shipped ones: `ElwoodAgentKind`. */
export type ElwoodAgentId = string;

/** The startup prompts the spec names (api.md "Trust-gate automation"), as screen tables label them. */
export type StartupPromptLabel =
  | "workspace_trust"
  | "skill_trust"
  | "plugin_trust"
  | "mcp_trust"
  | "bypass_permissions"
  | "browser_tools"
  | "hook_trust"
  | "update";

// One declaration: the terminal layer owns the size type (issue 20, item 7).
export type { ElwoodTerminalSize } from "../../terminal/terminal.js";

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

// The PTY layer owns the exit's shape too.
export type { PtyExit as ElwoodTerminalExitEvent } from "../../terminal/pty-process.js";

export interface ElwoodStatusEvent {
  readonly status: ElwoodSessionStatus;
  readonly previous: ElwoodSessionStatus;
}
