// The echo agent's session options: two posture fields kept across resume (upper-case
// replies, a signature tag), split into the launch's hooks file name and the posture.
import type { CommonStartOptions } from "../../../src/core/launch/session-options.js";
import { agentOptions } from "../../../src/core/launch/session-options.js";
import { flag, text } from "../../../src/options/fields.js";
import type { EchoHookHandlers, EchoLaunchOptions, EchoPosture } from "./adapter.js";

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

const ECHO_FIELDS = { shout: flag("shout"), signature: text("signature") };

export const echoOptions = agentOptions<
  typeof ECHO_FIELDS,
  EchoLaunchOptions,
  EchoHookHandlers,
  EchoPosture
>({
  fields: ECHO_FIELDS,
  startOnly: [],
  split: ({ shout, signature }) => ({
    launch: { hooksFileName: "echo-hooks.json" },
    posture: {
      ...(shout === undefined ? {} : { shout }),
      ...(signature === undefined ? {} : { signature }),
    },
  }),
});
