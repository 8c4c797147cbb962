// Writes the command-hook client for this launch into the session dir (0600). The bash
// client (bash's /dev/tcp, no Node start per hook) is the fast path; where bash lacks
// /dev/tcp the Node client is used instead: slower, never broken (prd/bridge.md).
import { bashHookClientScript } from "../../bridge/clients/bash-client.js";
import type { HookClientKind } from "../../bridge/clients/command.js";
import { nodeHookClientScript } from "../../bridge/clients/node-client.js";
import { bashHasDevTcp } from "../../bridge/clients/probe.js";
import type { StateStore } from "../../state/state-store.js";

export interface WrittenHookClient {
  readonly path: string;
  readonly kind: HookClientKind;
}

export async function writeHookClient(options: {
  readonly store: StateStore;
  readonly sessionId: string;
  readonly hookTimeoutMs: number;
}): Promise<WrittenHookClient> {
  const { store, sessionId, hookTimeoutMs } = options;
  if (await bashHasDevTcp()) {
    const path = await store.writeRuntimeFile(
      sessionId,
      "hook-client.sh",
      bashHookClientScript({ hookTimeoutMs }),
    );
    return { path, kind: "bash" };
  }
  const path = await store.writeRuntimeFile(
    sessionId,
    "hook-client.cjs",
    nodeHookClientScript({ hookTimeoutMs }),
  );
  return { path, kind: "node" };
}
