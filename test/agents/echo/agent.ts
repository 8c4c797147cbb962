// The echo agent's public face, from one defineAgent call: startEcho / resumeEcho /
// startOrResumeEcho and the lazy EchoSession class, exactly as Claude and Codex get theirs.

import type { ElwoodAgentSessionEvents } from "../../../src/core/contract/session.js";
import { agentOptions, type CommonStartOptions } from "../../../src/core/launch/session-options.js";
import { flag, text } from "../../../src/options/fields.js";
import { defineAgent } from "../../../src/session/define-agent.js";
import {
  type EchoHookEvent,
  type EchoHookHandlers,
  type EchoLaunchOptions,
  type EchoPosture,
  echoAdapter,
} from "./adapter.js";

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

const ECHO_FIELDS = { shout: flag("shout"), signature: text("signature") };

export const echoAgent = defineAgent<EchoSessionEvents, StartEchoOptions, ResumeEchoOptions>()({
  adapter: echoAdapter,
  options: agentOptions<typeof ECHO_FIELDS, EchoLaunchOptions, EchoHookHandlers, EchoPosture>({
    fields: ECHO_FIELDS,
    startOnly: [],
    split: ({ shout, signature }) => ({
      launch: { hooksFileName: "echo-hooks.json" },
      posture: {
        ...(shout === undefined ? {} : { shout }),
        ...(signature === undefined ? {} : { signature }),
      },
    }),
  }),
});

export class EchoSession extends echoAgent.Session {}
export const {
  start: startEcho,
  resume: resumeEcho,
  startOrResume: startOrResumeEcho,
} = echoAgent.factories(EchoSession);
