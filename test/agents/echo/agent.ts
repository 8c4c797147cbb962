// The echo agent's public face, from one defineAgent call: startEcho / resumeEcho /
// startOrResumeEcho and the lazy EchoSession class, exactly as Claude and Codex get theirs.

import type { ElwoodAgentSessionEvents } from "../../../src/core/contract/session.js";
import { defineAgent } from "../../../src/session/define-agent.js";
import { type EchoHookEvent, echoAdapter } from "./adapter.js";
import { echoOptions, type ResumeEchoOptions, type StartEchoOptions } from "./options.js";

export type { ResumeEchoOptions, StartEchoOptions };

export type EchoSessionEvents = ElwoodAgentSessionEvents & { hook: EchoHookEvent };

export const echoAgent = defineAgent<EchoSessionEvents, StartEchoOptions, ResumeEchoOptions>()({
  adapter: echoAdapter,
  options: echoOptions,
});

export class EchoSession extends echoAgent.Session {}
export const {
  start: startEcho,
  resume: resumeEcho,
  startOrResume: startOrResumeEcho,
} = echoAgent.factories(EchoSession);
