// Helpers shared by the real-CLI hook e2e files (Claude and Codex).
import type { ElwoodAgentSession } from "../../src/core/contract/session.js";
import type { LoggedRequest, ScriptedModelServer } from "../../src/testing/index.js";

/** A shell command that leaves `markerFile` behind and prints `marker`. */
export function touchAndEcho(markerFile: string, marker: string): string {
  return `touch ${markerFile} && echo ${marker}`;
}

/** A command hook that drains its stdin and appends `line` to `logPath`. */
export function appendingHook(line: string, logPath: string): string {
  return `cat > /dev/null; echo ${line} >> '${logPath}'`;
}

/** The first `api` request that carries a tool result, and its result text. */
export async function toolResultText(
  fx: { readonly server: ScriptedModelServer },
  api: LoggedRequest["api"],
): Promise<{ request: LoggedRequest; text: string }> {
  const request = await fx.server.waitForRequest(
    (entry) => entry.api === api && entry.toolResults.length > 0,
    60_000,
  );
  return { request, text: request.toolResults.map((result) => result.text).join("\n") };
}

/** Waits for an assistant message that contains `text`. */
export async function waitForSay(session: ElwoodAgentSession, text: string): Promise<void> {
  await session.waitForActivity(
    (event) => event.kind === "assistant_message" && (event.text ?? "").includes(text),
    60_000,
  );
}
