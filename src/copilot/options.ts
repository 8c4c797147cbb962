// StartCopilotOptions / ResumeCopilotOptions: Copilot's fields of the shared option schema
// (core/launch/session-options.ts), validated before anything is spawned or written, and
// the highTrust rule against explicit tool permissions.
import { agentOptions, type CommonStartOptions } from "../core/launch/session-options.js";
import { ElwoodError } from "../errors.js";
import { flag, oneOf, text, textList } from "../options/fields.js";
import type { CopilotErrorName } from "./errors.js";
import type { CopilotHookHandlers } from "./hooks/handlers.js";
import { COPILOT_MODES, type CopilotMode, type CopilotPosture } from "./posture.js";

/** `--reasoning-effort`'s values as Copilot 1.0.102's help lists them. */
export const COPILOT_REASONING_EFFORTS = [
  "none",
  "minimal",
  "low",
  "medium",
  "high",
  "xhigh",
  "max",
] as const;
export type CopilotReasoningEffort = (typeof COPILOT_REASONING_EFFORTS)[number];

interface CopilotPolicyOptions {
  readonly hooks?: CopilotHookHandlers;
  readonly reasoningEffort?: CopilotReasoningEffort;
  /** The agent mode it starts in (`--mode`); default Copilot's own ("interactive"). */
  readonly mode?: CopilotMode;
  /** Tool rules it runs without asking (`--allow-tool`), e.g. `shell(git:*)`, `write`. */
  readonly allowedTools?: readonly string[];
  /** Tool rules it never runs (`--deny-tool`); a deny wins over any allow. */
  readonly deniedTools?: readonly string[];
  /** Every tool, path and URL without asking (`--allow-all`). */
  readonly highTrust?: boolean;
}

export interface StartCopilotOptions extends CommonStartOptions, CopilotPolicyOptions {
  readonly model?: string;
}

export interface ResumeCopilotOptions
  extends Omit<CommonStartOptions, "cwd" | "persona">,
    CopilotPolicyOptions {
  readonly elwoodSessionId: string;
  readonly cwd?: string;
  /** A model for the resumed conversation (Copilot takes `--model` on resume too). */
  readonly model?: string;
}

export interface CopilotLaunchOptions {
  readonly model: string | undefined;
  readonly reasoningEffort: CopilotReasoningEffort | undefined;
}

const COPILOT_FIELDS = {
  model: text("model"),
  reasoningEffort: oneOf(
    "reasoningEffort",
    COPILOT_REASONING_EFFORTS,
    "copilot_invalid_reasoning_effort",
  ),
  mode: oneOf("mode", COPILOT_MODES),
  allowedTools: textList("allowedTools"),
  deniedTools: textList("deniedTools"),
  highTrust: flag("highTrust").default(false),
};

export const copilotOptions = agentOptions<
  typeof COPILOT_FIELDS,
  CopilotLaunchOptions,
  CopilotHookHandlers,
  CopilotPosture
>({
  fields: COPILOT_FIELDS,
  startOnly: [],
  split({ model, reasoningEffort, mode, allowedTools, deniedTools, highTrust }) {
    if (highTrust && allowedTools !== undefined) {
      throw new ElwoodError<CopilotErrorName>(
        "copilot_high_trust_conflict",
        "`highTrust: true` already allows every tool (`--allow-all`); drop `allowedTools` or `highTrust`.",
        { details: { allowedTools } },
      );
    }
    // A deny list still holds under high trust: Copilot's deny wins over --allow-all.
    const posture: CopilotPosture = {
      ...(mode === undefined ? {} : { mode }),
      ...(allowedTools === undefined ? {} : { allowedTools: [...allowedTools] }),
      ...(deniedTools === undefined ? {} : { deniedTools: [...deniedTools] }),
      ...(highTrust ? { allowAll: true } : {}),
    };
    return { launch: { model, reasoningEffort }, posture };
  },
});
