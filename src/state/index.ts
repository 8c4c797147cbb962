// Public surface of the state layer for the layers above it (prd/internals.md).

export type {
  FixedLoopDefinition,
  IdleLoopDefinition,
  LoopDefinition,
  LoopSidecar,
} from "./loop-sidecar.js";
export {
  LOOP_LIFETIME_MS,
  LoopDefinitionSchema,
  LoopSidecarSchema,
  MAX_LOOP_MESSAGE_BYTES,
  MIN_LOOP_INTERVAL_MS,
} from "./loop-sidecar.js";
export type {
  AdapterKind,
  ClaudePosture,
  ClaudeSessionRecord,
  CodexPosture,
  CodexSessionRecord,
  SessionRecord,
} from "./record.js";
export {
  ADAPTER_KINDS,
  CLAUDE_PERMISSION_MODES,
  ClaudePostureSchema,
  CODEX_APPROVAL_POLICIES,
  CODEX_SANDBOX_MODES,
  CodexPostureSchema,
  SessionRecordSchema,
} from "./record.js";
export { assertSessionId, isValidSessionId, newSessionId } from "./session-id.js";
export { socketFingerprint } from "./socket-home.js";
export type { RemovedSession, StateStoreOptions } from "./state-store.js";
export { StateStore } from "./state-store.js";
