// Validation of API request bodies: each field is checked once here, and a wrong one is
// an `invalid_options` error naming the field, what was expected and what came.
import { isAbsolute } from "node:path";
import type { ElwoodAgentKind } from "../agents.js";
import type { ElwoodTerminalSize } from "../core/types.js";
import { ElwoodError } from "../errors.js";
import { assertTerminalSize } from "../terminal/terminal.js";
import type { SessionRequest } from "./served-session.js";

const AGENTS: readonly ElwoodAgentKind[] = ["claude", "codex"];
const MAX_PROMPT_CHARS = 256 * 1024;

function invalid(field: string, expected: string, found: unknown): ElwoodError {
  const shown = found === undefined ? "nothing" : JSON.stringify(found)?.slice(0, 80);
  return new ElwoodError("invalid_options", `\`${field}\` must be ${expected}; got ${shown}.`, {
    details: { option: field },
  });
}

export function sessionRequestOf(body: Record<string, unknown>): SessionRequest {
  const { agent, cwd, autotrust, resume } = body;
  if (typeof agent !== "string" || !AGENTS.includes(agent as ElwoodAgentKind)) {
    throw invalid("agent", '"claude" or "codex"', agent);
  }
  if (typeof cwd !== "string" || !isAbsolute(cwd) || cwd.includes("\0")) {
    throw invalid("cwd", "an absolute directory path", cwd);
  }
  if (autotrust !== undefined && typeof autotrust !== "boolean") {
    throw invalid("autotrust", "a boolean", autotrust);
  }
  if (resume !== undefined && (typeof resume !== "string" || resume.trim() === "")) {
    throw invalid("resume", "an Elwood session id string", resume);
  }
  return {
    agent: agent as ElwoodAgentKind,
    cwd,
    autotrust: autotrust === true,
    resume: resume === undefined ? undefined : (resume as string).trim(),
  };
}

export function promptOf(body: Record<string, unknown>): string {
  const { text, images } = body;
  if (typeof text !== "string" || text.trim() === "" || text.length > MAX_PROMPT_CHARS) {
    throw invalid("text", `a non-empty string of at most ${MAX_PROMPT_CHARS} characters`, text);
  }
  if (images !== undefined && !(Array.isArray(images) && images.length === 0)) {
    // The session's send() takes text only today; refusing beats silently dropping images.
    throw invalid("images", "absent (image prompts are not supported by the server yet)", images);
  }
  return text;
}

export function sizeOf(body: Record<string, unknown>): ElwoodTerminalSize {
  return assertTerminalSize({ cols: body.cols, rows: body.rows });
}
