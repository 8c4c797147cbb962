// StartGeminiOptions / ResumeGeminiOptions: Gemini's fields of the shared option schema
// (core/launch/session-options.ts), validated before anything is spawned or written, and
// the highTrust rule against an explicit approval mode.
import { agentOptions, type CommonStartOptions } from "../core/launch/session-options.js";
import { ElwoodError } from "../errors.js";
import { flag, oneOf, text } from "../options/fields.js";
import type { GeminiErrorName } from "./errors.js";
import type { GeminiHookHandlers } from "./hooks/handlers.js";
import { GEMINI_APPROVAL_MODES, type GeminiPosture } from "./posture.js";

export type GeminiApprovalMode = (typeof GEMINI_APPROVAL_MODES)[number];

interface GeminiPolicyOptions {
  readonly hooks?: GeminiHookHandlers;
  /** `--approval-mode`: default (ask), auto_edit, yolo (never ask), plan (read-only). */
  readonly approvalMode?: GeminiApprovalMode;
  /** Same as approvalMode "yolo". */
  readonly highTrust?: boolean;
}

export interface StartGeminiOptions extends CommonStartOptions, GeminiPolicyOptions {
  /** `--model`; default: the model the user's Gemini settings name. */
  readonly model?: string;
}

export interface ResumeGeminiOptions
  extends Omit<CommonStartOptions, "cwd" | "persona">,
    GeminiPolicyOptions {
  readonly elwoodSessionId: string;
  readonly cwd?: string;
}

export interface GeminiLaunchOptions {
  readonly model: string | undefined;
  /** From `autotrust`: Gemini trusts the folder for this session without its dialog. */
  readonly skipTrust: boolean;
}

const GEMINI_FIELDS = {
  model: text("model"),
  approvalMode: oneOf("approvalMode", GEMINI_APPROVAL_MODES),
  highTrust: flag("highTrust").default(false),
};

export const geminiOptions = agentOptions<
  typeof GEMINI_FIELDS,
  GeminiLaunchOptions,
  GeminiHookHandlers,
  GeminiPosture
>({
  fields: GEMINI_FIELDS,
  startOnly: ["model"],
  split({ model, approvalMode, highTrust, autotrust }) {
    if (highTrust && approvalMode !== undefined) {
      throw new ElwoodError<GeminiErrorName>(
        "gemini_high_trust_conflict",
        '`highTrust: true` already means approvalMode "yolo"; drop `approvalMode` or `highTrust`.',
        { details: { approvalMode } },
      );
    }
    const posture: GeminiPosture = highTrust
      ? { approvalMode: "yolo" }
      : approvalMode === undefined
        ? {}
        : { approvalMode };
    return { launch: { model, skipTrust: autotrust }, posture };
  },
});
