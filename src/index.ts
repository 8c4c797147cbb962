// The public surface of @with-logic/elwood: named re-exports only.

export type { ElwoodErrorDetails, ElwoodErrorName, SystemErrorFacts } from "./errors.js";
export { ELWOOD_ERROR_NAMES, ElwoodError } from "./errors.js";
export type { ListenerFailure, Unsubscribe } from "./events/emitter.js";
export { TypedEmitter } from "./events/emitter.js";
