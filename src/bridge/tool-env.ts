// Keeps the bridge credential out of the agent's tools (prd/bridge.md "Where the
// credential lives"). The CLI itself needs ELWOOD_HOOK_TOKEN in its environment (its
// hooks send it; command hook clients read it), but every tool the model runs would
// inherit it and could print it into the transcript. Each CLI offers its own way to strip
// it from tool subprocesses only, which its adapter wires (src/<agent>/launch/tool-env.ts).
import { HOOK_PORT_ENV, HOOK_TOKEN_ENV } from "./limits.js";

/** Variables that reach the bridge; tools never need them. */
export const BRIDGE_ENV_NAMES: readonly string[] = [HOOK_TOKEN_ENV, HOOK_PORT_ENV];
