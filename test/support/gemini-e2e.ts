// Gemini-specific helpers for the real-Gemini e2e files; the fixture itself is the shared
// one (`useRealCliFixture({ cli: "gemini" })` in real-cli-fixture.ts).

import { type GeminiSessionApi, startGemini } from "../../src/agents.js";
import type { StartGeminiOptions } from "../../src/gemini/options.js";
import type { LoggedRequest, ScriptedModelServer } from "../../src/testing/index.js";
import { type ClaudeFixture, ensureGone } from "./claude-e2e.js";

export type GeminiFixture = ClaudeFixture;

/** Starts Gemini in the fixture's workspace and registers a kill at cleanup. */
export async function startGeminiIn(
  fx: GeminiFixture,
  options: Partial<StartGeminiOptions> = {},
): Promise<GeminiSessionApi> {
  const session = await startGemini({
    cwd: fx.workspace,
    env: fx.home.env,
    stateDir: fx.stateDir,
    ...options,
  });
  fx.defer(() => ensureGone(session));
  return session;
}

/** Gemini API requests that consumed or asked for a scripted turn. */
export function geminiRequests(server: ScriptedModelServer): LoggedRequest[] {
  return server.requests.filter((request) => !request.isAuxiliary && request.api === "google");
}
