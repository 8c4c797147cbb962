// Public surface of the state layer for the layers above it (prd/internals.md).

export type { SkippedFolder } from "./foreign-folders.js";
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
export { defaultPrivateRoot } from "./private-root.js";
export type { PostureRecord, SessionRecord } from "./record.js";
export { AGENT_ID_PATTERN, SessionRecordSchema, sessionRecordSchema } from "./record.js";
export { assertSessionId, isValidSessionId, newSessionId } from "./session-id.js";
export { socketFingerprint } from "./socket-home.js";
export type { RemovedSession, StateStoreOptions, TrustedSession } from "./state-store.js";
export { StateStore } from "./state-store.js";
