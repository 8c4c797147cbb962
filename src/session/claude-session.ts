// ClaudeSession: the primary public API for Claude Code (seeds §5.8) — lazy start,
// send/stream turns, and every raw control of the underlying ClaudeSessionApi.
import path from "node:path";
import type { StartClaudeOptions } from "../claude/options.js";
import { type ClaudeSessionApi, type ClaudeSessionEvents, startClaude } from "../claude/start.js";
import { LazyAgentSession } from "./lazy-session.js";

export type ClaudeSessionOptions = Omit<StartClaudeOptions, "cwd"> & { readonly cwd?: string };

export class ClaudeSession extends LazyAgentSession<ClaudeSessionApi, ClaudeSessionEvents> {
  readonly cwd: string;

  constructor(options: ClaudeSessionOptions = {}) {
    // cwd and a relative stateDir are fixed now, so a later chdir cannot move the project.
    const cwd = path.resolve(options.cwd ?? process.cwd());
    const stateDir =
      options.stateDir === undefined ? undefined : path.resolve(cwd, options.stateDir);
    const startOptions: StartClaudeOptions = {
      ...options,
      cwd,
      ...(stateDir === undefined ? {} : { stateDir }),
    };
    super({ open: () => startClaude(startOptions) });
    this.cwd = cwd;
  }
}
