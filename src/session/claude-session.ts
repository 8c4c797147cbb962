// ClaudeSession: the primary public API for Claude Code (seeds §5.8) — lazy start,
// send/stream turns, and every raw control of the underlying ClaudeSessionApi.
import path from "node:path";
import {
  type ClaudeSessionApi,
  type ClaudeSessionEvents,
  type StartOrResumeClaudeOptions,
  startClaude,
  startOrResumeClaude,
} from "../claude/start.js";
import { LazyAgentSession } from "./lazy-session.js";

/** With `elwoodSessionId`, the first start resumes that session (startOrResumeClaude rules). */
export type ClaudeSessionOptions = Omit<StartOrResumeClaudeOptions, "cwd"> & {
  readonly cwd?: string;
};

export class ClaudeSession extends LazyAgentSession<ClaudeSessionApi, ClaudeSessionEvents> {
  readonly cwd: string;

  constructor(options: ClaudeSessionOptions = {}) {
    // cwd and a relative stateDir are fixed now, so a later chdir cannot move the project.
    const cwd = path.resolve(options.cwd ?? process.cwd());
    const stateDir =
      options.stateDir === undefined ? undefined : path.resolve(cwd, options.stateDir);
    const startOptions: StartOrResumeClaudeOptions = {
      ...options,
      cwd,
      ...(stateDir === undefined ? {} : { stateDir }),
    };
    const open =
      startOptions.elwoodSessionId === undefined
        ? () => startClaude(startOptions)
        : async () => (await startOrResumeClaude(startOptions)).session;
    super({ open });
    this.cwd = cwd;
  }
}
