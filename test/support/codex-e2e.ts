// Codex-specific helpers for the real-Codex e2e files; the fixture itself is the shared
// one (`useRealCliFixture({ cli: "codex" })` in real-cli-fixture.ts).

import { type CodexSessionApi, startCodex } from "../../src/agents.js";
import type { StartCodexOptions } from "../../src/codex/options.js";
import type { LoggedRequest, ScriptedModelServer } from "../../src/testing/index.js";
import { type ClaudeFixture, ensureGone } from "./claude-e2e.js";

export type CodexFixture = ClaudeFixture;

/**
 * Starts Codex in the fixture's workspace with autotrust (agent homes never pre-trust a
 * folder for Codex) and registers a kill at cleanup.
 */
export async function startCodexIn(
  fx: CodexFixture,
  options: Partial<StartCodexOptions> = {},
): Promise<CodexSessionApi> {
  const session = await startCodex({
    cwd: fx.workspace,
    autotrust: true,
    env: fx.home.env,
    stateDir: fx.stateDir,
    ...options,
  });
  fx.defer(() => ensureGone(session));
  return session;
}

/** Responses API requests that consumed or asked for a scripted turn. */
export function codexRequests(server: ScriptedModelServer): LoggedRequest[] {
  return server.requests.filter((request) => !request.isAuxiliary && request.api === "openai");
}

/** The `input` items of a Responses API request, as JSON text. */
export function inputText(request: LoggedRequest): string {
  const body = request.body as { input?: unknown } | undefined;
  return JSON.stringify(body?.input ?? []);
}
