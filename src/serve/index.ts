// The local server over live sessions (`elwood serve`): the entry the CLI registers.

export {
  ATTACH_EXIT,
  type AttachIo,
  type AttachRequest,
  runAttach,
} from "./attach/attach-client.js";
export { runServe, type ServeIo } from "./command.js";
export { liveServedSessions } from "./discovery/find-server.js";
export { isLoopbackHost, type ServeOptions } from "./options.js";
export { type ServeHandle, startServe } from "./server.js";
