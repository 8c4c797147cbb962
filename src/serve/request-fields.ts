// Validation of API request bodies: each field is checked once here, and a wrong one is
// an `invalid_options` error naming the field, what was expected and what came.
import { isAbsolute } from "node:path";
import {
  type AgentServedField,
  ELWOOD_AGENTS,
  type ElwoodAgentKind,
  type ElwoodApprovalAnswer,
  ElwoodError,
  type ElwoodTerminalSize,
  type ImageInput,
} from "../index.js";
import { assertTerminalSize } from "../terminal/terminal.js";
import { Base64Text } from "./json-blobs.js";
import type { SessionRequest } from "./served-session.js";

const MAX_PROMPT_CHARS = 256 * 1024;

function invalid(field: string, expected: string, found: unknown): ElwoodError {
  const shown = found === undefined ? "nothing" : JSON.stringify(found)?.slice(0, 80);
  return new ElwoodError("invalid_options", `\`${field}\` must be ${expected}; got ${shown}.`, {
    details: { option: field },
  });
}

/**
 * The launch posture a caller may choose per agent (prd/approvals.md): what needs approval.
 * The fields are the registry's (each agent's posture settings, served fields and
 * `highTrust`); shapes are checked here, the values by the library's own option checks,
 * at start, before anything is spawned.
 */
export function postureFieldsOf(agent: ElwoodAgentKind): readonly AgentServedField[] {
  const { app } = ELWOOD_AGENTS.get(agent);
  return [
    ...app.postureSettings.map(({ option }) => ({ name: option, kind: "string" as const })),
    ...app.servedFields,
    { name: "highTrust", kind: "boolean" },
  ];
}

function postureOf(
  agent: ElwoodAgentKind,
  body: Record<string, unknown>,
): SessionRequest["posture"] {
  const posture: Record<string, unknown> = {};
  const own = postureFieldsOf(agent);
  const isOwn = (name: string) => own.some((field) => field.name === name);
  for (const other of ELWOOD_AGENTS.ids) {
    if (other === agent) continue;
    for (const { name } of postureFieldsOf(other)) {
      if (body[name] !== undefined && !isOwn(name)) {
        throw invalid(name, `left out: it is a ${other} option, not a ${agent} one`, body[name]);
      }
    }
  }
  for (const { name, kind } of own) {
    const value = body[name];
    if (value === undefined) continue;
    if (kind === "boolean") {
      if (typeof value !== "boolean") throw invalid(name, "a boolean", value);
    } else if (kind === "string_list") {
      if (!Array.isArray(value) || !value.every((rule) => typeof rule === "string")) {
        throw invalid(name, "an array of tool rule strings", value);
      }
    } else if (typeof value !== "string") {
      throw invalid(name, "a string", value);
    }
    posture[name] = value;
  }
  return Object.freeze(posture);
}

export function sessionRequestOf(body: Record<string, unknown>): SessionRequest {
  const { agent, cwd, autotrust, resume, approvals } = body;
  if (typeof agent !== "string" || !ELWOOD_AGENTS.has(agent)) {
    const ids = ELWOOD_AGENTS.ids.map((id) => JSON.stringify(id));
    throw invalid("agent", `${ids.slice(0, -1).join(", ")} or ${ids.at(-1)}`, agent);
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
  if (approvals !== undefined && typeof approvals !== "boolean") {
    throw invalid("approvals", "a boolean", approvals);
  }
  return {
    agent: agent as ElwoodAgentKind,
    posture: postureOf(agent as ElwoodAgentKind, body),
    approvals: approvals !== false,
    cwd,
    autotrust: autotrust === true,
    resume: resume === undefined ? undefined : (resume as string).trim(),
  };
}

export interface PromptRequest {
  readonly text: string;
  readonly images: readonly ImageInput[];
}

/**
 * `{ text, images? }`: each image is `{ path }` (an absolute file the server's user can
 * read) or `{ data, format }` with `data` in base64 (a string, or a Base64Text left in the
 * body buffer by readSendObject). Shapes are checked here; the sizes,
 * counts and files are the session's own `invalid_image` checks, before anything is typed.
 */
export function promptOf(body: Record<string, unknown>): PromptRequest {
  const { text, images } = body;
  if (typeof text !== "string" || text.trim() === "" || text.length > MAX_PROMPT_CHARS) {
    throw invalid("text", `a non-empty string of at most ${MAX_PROMPT_CHARS} characters`, text);
  }
  if (images === undefined) return { text, images: [] };
  if (!Array.isArray(images)) throw invalid("images", "an array of images", images);
  return { text, images: images.map((image, index) => imageOf(image, `images[${index}]`)) };
}

const IMAGE_FORMATS = ["png", "jpeg", "gif", "webp"] as const;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function imageOf(image: unknown, field: string): ImageInput {
  const entry = (typeof image === "object" && image !== null ? image : {}) as Record<
    string,
    unknown
  >;
  const expected = '{ "path": "/absolute/file" } or { "data": "<base64>", "format": "png" }';
  if (typeof entry.path === "string" && entry.data === undefined) {
    if (!isAbsolute(entry.path) || entry.path.includes("\0")) {
      throw invalid(`${field}.path`, "an absolute file path", entry.path);
    }
    return { path: entry.path };
  }
  const data = entry.data;
  if (!(typeof data === "string" || data instanceof Base64Text) || entry.path !== undefined) {
    throw invalid(field, expected, image);
  }
  if (!IMAGE_FORMATS.includes(entry.format as (typeof IMAGE_FORMATS)[number])) {
    throw invalid(`${field}.format`, `one of ${IMAGE_FORMATS.join(", ")}`, entry.format);
  }
  // A Base64Text was already checked as standard base64 when the body was read.
  if (typeof data === "string" && (data.length % 4 !== 0 || !BASE64.test(data))) {
    throw invalid(`${field}.data`, "standard base64 (A-Z, a-z, 0-9, +, /, = padding)", "<data>");
  }
  return {
    data: typeof data === "string" ? Buffer.from(data, "base64") : data.decode(),
    format: entry.format as (typeof IMAGE_FORMATS)[number],
  };
}

/** `{ behavior: "allow" | "deny", message?: string }` (a message goes with a deny only). */
export function approvalAnswerOf(body: Record<string, unknown>): ElwoodApprovalAnswer {
  const { behavior, message, ...rest } = body;
  const extra = Object.keys(rest);
  if (extra.length > 0)
    throw invalid(
      extra[0] ?? "",
      "left out (an answer has behavior and message)",
      rest[extra[0] ?? ""],
    );
  if (behavior !== "allow" && behavior !== "deny") {
    throw invalid("behavior", '"allow" or "deny"', behavior);
  }
  if (message !== undefined && typeof message !== "string") {
    throw invalid("message", "a string", message);
  }
  if (behavior === "allow") {
    if (message !== undefined)
      throw invalid("message", "left out on an allow (it goes with a deny)", message);
    return { behavior };
  }
  return message === undefined ? { behavior } : { behavior, message };
}

export function sizeOf(body: Record<string, unknown>): ElwoodTerminalSize {
  return assertTerminalSize({ cols: body.cols, rows: body.rows });
}
