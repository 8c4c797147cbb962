// The public surface of @with-logic/elwood: named re-exports only.

export type { ClaudeHookEventName, ClaudeHookEventOf } from "./claude/hooks/events.js";
export type { ClaudeAnyHookEvent, ClaudeHookHandlers } from "./claude/hooks/handlers.js";
export type {
  ClaudePermissionMode,
  ClaudeReasoningEffort,
  ClaudeSettingsOverrides,
  ClaudeToolRule,
  ResumeClaudeOptions,
  StartClaudeOptions,
} from "./claude/options.js";
export {
  type ClaudeSessionApi,
  type ClaudeSessionEvents,
  resumeClaude,
  type StartOrResumeClaudeOptions,
  startClaude,
  startOrResumeClaude,
} from "./claude/start.js";
export type {
  CodexAnyHookEvent,
  CodexHookEventName,
  CodexHookEventOf,
} from "./codex/hooks/events.js";
export type { CodexHookHandlers } from "./codex/hooks/handlers.js";
export type {
  CodexApprovalPolicy,
  CodexReasoningEffort,
  CodexSandboxMode,
  ResumeCodexOptions,
  StartCodexOptions,
} from "./codex/options.js";
export {
  type CodexSessionApi,
  type CodexSessionEvents,
  resumeCodex,
  type StartOrResumeCodexOptions,
  startCodex,
  startOrResumeCodex,
} from "./codex/start.js";
export type {
  CodexTranscriptSummary,
  CodexTranscriptSummaryKind,
} from "./codex/transcript/summary.js";
export type {
  AgentSessionApi,
  CommonSessionEvents,
  ElwoodAgentSession,
  SendOptions,
} from "./core/agent-session.js";
export type { CommonStartOptions } from "./core/common-options.js";
export { parseLoopCommand } from "./core/loops/parse-command.js";
export type {
  ElwoodLoopEvent,
  ElwoodLoopEventSnapshot,
  ElwoodLoopRequest,
  ElwoodLoopSnapshot,
  ElwoodLoopState,
} from "./core/loops/types.js";
export { IMAGE_LIMITS, type ImageFormat, type ImageInput } from "./core/operations/images.js";
export type {
  AgentKind,
  ElwoodActivityEvent,
  ElwoodSessionStatus,
  ElwoodStatusDecision,
  ElwoodWarningEvent,
  HookErrorCategory,
  HookErrorEvent,
  StatusEvent,
  TerminalExitEvent,
  TerminalSize,
} from "./core/types.js";
export type { ElwoodErrorDetails, ElwoodErrorName, SystemErrorFacts } from "./errors.js";
export { ELWOOD_ERROR_NAMES, ElwoodError } from "./errors.js";
export type { Unsubscribe } from "./events/emitter.js";
export { ClaudeSession, type ClaudeSessionOptions } from "./session/claude-session.js";
export { CodexSession, type CodexSessionOptions } from "./session/codex-session.js";
export type { ElwoodStreamEvent, TurnOptions } from "./session/stream-events.js";
export type { ElwoodTerminal } from "./terminal/terminal.js";
