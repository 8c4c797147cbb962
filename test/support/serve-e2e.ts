// Wiring for the `elwood serve` e2e files: a real-CLI fixture whose agent home reaches
// both CLIs, and a server started in-process over it, closed at cleanup.
import { type ServeOptions, startServe } from "../../src/serve/index.js";
import type { ServeHandle } from "../../src/serve/server.js";
import type { ClaudeFixture } from "./claude-e2e.js";
import { ServeClient } from "./serve-client.js";

export interface ServeFixture {
  readonly fx: ClaudeFixture;
  readonly server: ServeHandle;
  readonly client: ServeClient;
}

/** Starts a server whose sessions use the fixture's home and state dir. */
export async function serveOver(
  fx: ClaudeFixture,
  options: Omit<ServeOptions, "sessionEnv" | "stateDir"> = {},
): Promise<ServeFixture> {
  const server = await startServe({ ...options, sessionEnv: fx.home.env, stateDir: fx.stateDir });
  fx.defer(() => server.close({ force: true }));
  return { fx, server, client: new ServeClient(server.url, server.token) };
}
