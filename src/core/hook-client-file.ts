// Writes the command-hook client for this launch into the session dir (0600). The
// bash client is the fast path; where bash lacks /dev/tcp the Node client is used.
import { bashHookClientScript } from "../bridge/clients/bash-client.js";
import type { StateStore } from "../state/state-store.js";

export const HOOK_CLIENT_FILE_NAME = "hook-client.sh";

export async function writeHookClient(options: {
  readonly store: StateStore;
  readonly sessionId: string;
  readonly hookTimeoutMs: number;
}): Promise<string> {
  const script = bashHookClientScript({ hookTimeoutMs: options.hookTimeoutMs });
  return options.store.writeRuntimeFile(options.sessionId, HOOK_CLIENT_FILE_NAME, script);
}
