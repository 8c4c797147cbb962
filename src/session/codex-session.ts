// CodexSession: the primary public API for Codex (seeds §5.8) — lazy start,
// send/stream turns, and every raw control of the underlying CodexSessionApi.
import path from "node:path";
import {
  type CodexSessionApi,
  type CodexSessionEvents,
  type StartOrResumeCodexOptions,
  startCodex,
  startOrResumeCodex,
} from "../codex/start.js";
import { LazyAgentSession } from "./lazy-session.js";

/** With `elwoodSessionId`, the first start resumes that session (startOrResumeCodex rules). */
export type CodexSessionOptions = Omit<StartOrResumeCodexOptions, "cwd"> & {
  readonly cwd?: string;
};

export class CodexSession extends LazyAgentSession<CodexSessionApi, CodexSessionEvents> {
  readonly cwd: string;

  constructor(options: CodexSessionOptions = {}) {
    const cwd = path.resolve(options.cwd ?? process.cwd());
    const stateDir =
      options.stateDir === undefined ? undefined : path.resolve(cwd, options.stateDir);
    const startOptions: StartOrResumeCodexOptions = {
      ...options,
      cwd,
      ...(stateDir === undefined ? {} : { stateDir }),
    };
    const open =
      startOptions.elwoodSessionId === undefined
        ? () => startCodex(startOptions)
        : async () => (await startOrResumeCodex(startOptions)).session;
    super({ open });
    this.cwd = cwd;
  }
}
