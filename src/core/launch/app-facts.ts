// What the apps (the elwood CLI, serve and its web page, approvals, the registry) need to
// know of an agent beyond what the runtime drives: its posture settings and how a user
// sets them, its reasoning efforts, the plain CLI's own command line, how its permission
// prompts become approvals, and which of its errors are the user's to fix. Each adapter
// declares these in its folder (src/<agent>/app-facts.ts); nothing outside names an agent.

import type { ApprovalRequest, ElwoodApprovalAnswer } from "../approvals/types.js";

/**
 * One launch-posture setting a user picks per run: the session option it fills, how the
 * CLI spells it (flag, ELWOOD_* variable, config key under the agent's section), the
 * values it accepts, and what it is when nobody chose and under high trust.
 */
export interface AgentPostureSetting {
  /** The session option it sets (`permissionMode`); also its serve request field. */
  readonly option: string;
  /** The elwood flag without dashes (`claude-permission-mode`), unique across agents. */
  readonly flag: string;
  /** The environment variable that sets it (`ELWOOD_CLAUDE_PERMISSION_MODE`). */
  readonly env: string;
  /** The key under the agent's config section (`permissionMode` in `claude.permissionMode`). */
  readonly configKey: string;
  /**
   * What a run may start with (values a record may still hold but a start refuses are left
   * out); absent: any non-empty text.
   */
  readonly values?: readonly string[];
  /** Used when no flag, variable or config key chose one; absent: left to the agent. */
  readonly builtin?: string;
  /** What high trust sets it to; absent: high trust leaves it alone. */
  readonly highTrust?: string;
  /** Help: the value's placeholder and one line. */
  readonly valueLabel: string;
  readonly help: string;
}

/**
 * A named posture a person switches between while a session runs (the session modes of
 * `elwood acp`): what it is called and the posture options it sets.
 */
export interface AgentSessionMode {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** Posture settings by `option` (`{ permissionMode: "plan" }`). */
  readonly posture: Readonly<Record<string, string>>;
}

/** A request field serve accepts for this agent beyond its posture settings (tool lists). */
export interface AgentServedField {
  readonly name: string;
  readonly kind: "string" | "boolean" | "string_list";
}

/** What `elwood interactive` hands the agent's own TUI: the settings a user chose. */
export interface InteractiveLaunch {
  /** The binary to run (the adapter's, looked up on the login shell's PATH). */
  readonly binary: string;
  readonly cwd: string;
  /** The agent's conversation id to reopen, if a kept session is continued. */
  readonly resumeId: string | undefined;
  readonly model: string | undefined;
  readonly reasoningEffort: string | undefined;
  /** Posture settings by `option`, only those a user chose. */
  readonly posture: Readonly<Record<string, string>>;
}

/**
 * How the agent's permission prompts become pending approvals (prd/approvals.md): answered
 * by the hook's result, or typed into the CLI's own dialog.
 */
export type AgentApprovalFacts<Event = never> =
  | HookAnsweredApprovalFacts<Event>
  | ScreenAnsweredApprovalFacts<Event>;

/** The hook waits for the answer and carries it back as its result. */
export interface HookAnsweredApprovalFacts<Event = never> {
  /** The hook that asks before a tool runs and can be answered (`PermissionRequest`). */
  readonly hookName: string;
  readonly answeredOnScreen?: false;
  /**
   * The approval the prompt becomes, or undefined for a prompt the hook cannot answer
   * (its allow is ignored): the CLI's own dialog then waits for a person, as an attention.
   */
  request(event: Event): ApprovalRequest | undefined;
  /** A human's answer as that hook's result. */
  result(answer: ElwoodApprovalAnswer): unknown;
}

/**
 * The hook only announces the CLI's permission dialog, just before the CLI draws it, and
 * returns at once; the approval is pending while a frame shows that dialog, and the
 * answer is typed into it with the screen table's `approvalKeys` ("On screen").
 */
export interface ScreenAnsweredApprovalFacts<Event = never> {
  /** The hook that announces the dialog (it may fire for other notices too). */
  readonly hookName: string;
  readonly answeredOnScreen: true;
  /** The approval the event announces, or undefined for an event that announces none. */
  request(event: Event): ApprovalRequest | undefined;
}

export interface AgentAppFacts {
  /** The agent's id, as its adapter's `agent`. */
  readonly id: string;
  /** How help and messages call it (`Claude Code`). */
  readonly displayName: string;
  /** How a user installs it, for `no_agent_found` (`npm install -g …`). */
  readonly installHint: string;
  /** What high trust means for it, for help (`bypassPermissions`). */
  readonly highTrustSummary: string;
  readonly reasoningEfforts: readonly string[];
  readonly postureSettings: readonly AgentPostureSetting[];
  /** Serve request fields besides the posture settings and `highTrust`. */
  readonly servedFields: readonly AgentServedField[];
  /** Named postures an editor offers as modes (`elwood acp`), the first the default. */
  readonly sessionModes?: readonly AgentSessionMode[];
  /** Its error names that mean "change the command or config" (exit 2, HTTP 400). */
  readonly usageErrorNames: readonly string[];
  /** The agent's own TUI command line for `elwood interactive` (no Elwood machinery). */
  interactiveArgv(launch: InteractiveLaunch): readonly string[];
  // biome-ignore lint/suspicious/noExplicitAny: each agent's own hook event type.
  readonly approvals?: AgentApprovalFacts<any>;
}
