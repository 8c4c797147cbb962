// The local server over live sessions (`elwood serve`): the entry the CLI registers.
export { runServe, type ServeIo } from "./command.js";
export { isLoopbackHost, type ServeOptions } from "./options.js";
export { type ServeHandle, startServe } from "./server.js";
