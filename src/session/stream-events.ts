// The stream events and turn options are defined by the core Turn; re-exported here for
// the public entry point.
export type { ElwoodStreamEvent, TurnOptions } from "../core/contract/turn.js";
