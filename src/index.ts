// The public surface of @with-logic/elwood: named re-exports only.

export {
  ClaudeSession,
  type ClaudeSessionApi,
  type ClaudeSessionEvents,
  type ClaudeSessionOptions,
  CodexSession,
  type CodexSessionApi,
  type CodexSessionEvents,
  type CodexSessionOptions,
  CopilotSession,
  type CopilotSessionApi,
  type CopilotSessionEvents,
  type CopilotSessionOptions,
  ELWOOD_AGENT_KINDS,
  ELWOOD_AGENTS,
  type ElwoodAgentKind,
  ElwoodApprovals,
  type ElwoodSessionInfo,
  type ElwoodSessionListing,
  GeminiSession,
  type GeminiSessionApi,
  type GeminiSessionEvents,
  type GeminiSessionOptions,
  listClaudeModels,
  listCodexModels,
  listCopilotModels,
  listGeminiModels,
  listSessions,
  readConversation,
  readSessionInfo,
  resumeClaude,
  resumeCodex,
  resumeCopilot,
  resumeGemini,
  type StartOrResumeClaudeOptions,
  type StartOrResumeCodexOptions,
  type StartOrResumeCopilotOptions,
  type StartOrResumeGeminiOptions,
  startClaude,
  startCodex,
  startCopilot,
  startGemini,
  startOrResumeClaude,
  startOrResumeCodex,
  startOrResumeCopilot,
  startOrResumeGemini,
} from "./agents.js";
export type { ElwoodHookContext } from "./bridge/catalogue.js";
export type { ClaudeHookEventName, ClaudeHookEventOf } from "./claude/hooks/events.js";
export type { ClaudeAnyHookEvent, ClaudeHookHandlers } from "./claude/hooks/handlers.js";
export type { ClaudeLoginMethod, ClaudeLoginOptions } from "./claude/login-options.js";
export type {
  ClaudePermissionMode,
  ClaudeReasoningEffort,
  ClaudeSettingsOverrides,
  ClaudeToolRule,
  ResumeClaudeOptions,
  StartClaudeOptions,
} from "./claude/options.js";
export { CLAUDE_REASONING_EFFORTS } from "./claude/options.js";
export { CLAUDE_PERMISSION_MODES } from "./claude/posture.js";
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
export { CODEX_REASONING_EFFORTS } from "./codex/options.js";
export { CODEX_SANDBOX_MODES } from "./codex/posture.js";
export type {
  CodexTranscriptSummary,
  CodexTranscriptSummaryKind,
} from "./codex/transcript/summary.js";
export type {
  CopilotAnyHookEvent,
  CopilotHookEventName,
  CopilotHookEventOf,
} from "./copilot/hooks/events.js";
export type { CopilotHookHandlers } from "./copilot/hooks/handlers.js";
export type {
  CopilotPermissionRequestResult,
  CopilotPreToolUseResult,
} from "./copilot/hooks/responses.js";
export type {
  CopilotReasoningEffort,
  ResumeCopilotOptions,
  StartCopilotOptions,
} from "./copilot/options.js";
export { COPILOT_REASONING_EFFORTS } from "./copilot/options.js";
export { COPILOT_MODES, type CopilotMode } from "./copilot/posture.js";
export type {
  ElwoodApproval,
  ElwoodApprovalAnswer,
  ElwoodApprovalCancelReason,
  ElwoodApprovalDetail,
  ElwoodApprovalEvent,
} from "./core/approvals/types.js";
export type {
  ElwoodAttachEnd,
  ElwoodAttachHandle,
  ElwoodAttachOptions,
} from "./core/contract/attach.js";
export type {
  ElwoodLoopEvent,
  ElwoodLoopEventSnapshot,
  ElwoodLoopRequest,
  ElwoodLoopSnapshot,
  ElwoodLoopState,
} from "./core/contract/loops.js";
export type {
  AgentModelOption,
  ModelOperationOptions,
} from "./core/contract/models.js";
export type {
  ElwoodAgentSession,
  ElwoodAgentSessionEvents,
  ElwoodDialogAnswer,
  ElwoodDialogAnswerOptions,
  ElwoodTerminalSnapshot,
  ElwoodTerminalView,
} from "./core/contract/session.js";
export type {
  ElwoodAgentId,
  ElwoodSessionStatus,
  ElwoodStatusDecision,
  ElwoodStatusEvent,
  ElwoodTerminalExitEvent,
  ElwoodTerminalSize,
} from "./core/contract/status.js";
export { isTerminalStatus } from "./core/contract/status.js";
export type {
  ElwoodStreamEvent,
  ImageFormat,
  ImageInput,
  SendOptions,
  TurnOptions,
} from "./core/contract/turn.js";
export type {
  ElwoodActivityEvent,
  ElwoodActivityKind,
  ElwoodActivityOf,
  ElwoodActivitySource,
  ElwoodHookErrorCategory,
  ElwoodHookErrorEvent,
  ElwoodTurnEvent,
} from "./core/contract/types.js";
export type {
  ElwoodWarningCode,
  ElwoodWarningEvent,
  ElwoodWarningOf,
  ElwoodWarningSource,
} from "./core/contract/warnings.js";
export type {
  AgentAppFacts,
  AgentPostureSetting,
  AgentServedField,
  AgentSessionMode,
} from "./core/launch/app-facts.js";
export type { CommonStartOptions } from "./core/launch/session-options.js";
export { parseLoopCommand } from "./core/loops/validate.js";
export { IMAGE_LIMITS } from "./core/operations/images.js";
export { ELWOOD_ERROR_NAMES, ElwoodError, type ElwoodErrorName } from "./error-names.js";
export type { ElwoodErrorDetails, ElwoodSystemErrorFacts } from "./errors.js";
export type { ElwoodUnsubscribe } from "./events/emitter.js";
export type {
  GeminiAnyHookEvent,
  GeminiHookEventName,
  GeminiHookEventOf,
} from "./gemini/hooks/events.js";
export type { GeminiHookHandlers } from "./gemini/hooks/handlers.js";
export type {
  GeminiApprovalMode,
  ResumeGeminiOptions,
  StartGeminiOptions,
} from "./gemini/options.js";
export { GEMINI_APPROVAL_MODES } from "./gemini/posture.js";
export type { RegisteredAgent } from "./session/agent-registry.js";
export {
  DEFAULT_APPROVAL_EXPIRY_MS,
  type ElwoodApprovalsOptions,
} from "./session/approvals.js";
export type {
  ElwoodConversationItem,
  ReadConversationOptions,
} from "./session/conversation.js";
export type { ListModelsOptions } from "./session/list-models.js";
export type { AgentRegistry } from "./session/registry-lines.js";
export type {
  ElwoodNotResumable,
  ElwoodSkippedSession,
  ListSessionsOptions,
} from "./session/session-list.js";
export type { ElwoodTokenUsage } from "./transcript/usage.js";
