// The echo agent's public face, from one defineAgent call: startEcho / resumeEcho /
// startOrResumeEcho and the lazy EchoSession class, exactly as Claude and Codex get theirs.

import type { ElwoodAgentSessionEvents } from "../../../src/core/contract/session.js";
import {
  type CommonStartOptions,
  normalizeCommonOptions,
  optionalBoolean,
  optionalHandlers,
  optionalString,
} from "../../../src/core/launch/common-options.js";
import { defineAgent } from "../../../src/session/define-agent.js";
import { type EchoHookEvent, type EchoHookHandlers, echoAdapter } from "./adapter.js";

export interface StartEchoOptions extends CommonStartOptions {
  /** Persisted posture: replies in upper case, kept across resume. */
  readonly shout?: boolean;
  /** Persisted posture: a tag appended to every reply, kept across resume. */
  readonly signature?: string;
  readonly hooks?: EchoHookHandlers;
}

export interface ResumeEchoOptions extends Omit<StartEchoOptions, "cwd" | "persona"> {
  readonly elwoodSessionId: string;
  readonly cwd?: string;
}

export type EchoSessionEvents = ElwoodAgentSessionEvents & { hook: EchoHookEvent };

export const echoAgent = defineAgent<EchoSessionEvents, StartEchoOptions, ResumeEchoOptions>()({
  adapter: echoAdapter,
  normalize(options) {
    const raw = options as unknown as Record<string, unknown>;
    const shout = raw.shout === undefined ? undefined : optionalBoolean(raw.shout, "shout");
    const signature =
      raw.signature === undefined ? undefined : optionalString(raw.signature, "signature");
    return {
      common: normalizeCommonOptions(options),
      launch: { hooksFileName: "echo-hooks.json" },
      postureOverrides: {
        ...(shout === undefined ? {} : { shout }),
        ...(signature === undefined ? {} : { signature }),
      },
      hooks: optionalHandlers<EchoHookHandlers>(raw.hooks),
    };
  },
  startOnlyOptions: ["persona"],
});

export class EchoSession extends echoAgent.Session {}
export const {
  start: startEcho,
  resume: resumeEcho,
  startOrResume: startOrResumeEcho,
} = echoAgent.factories(EchoSession);
