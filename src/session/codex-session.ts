// CodexSession: the primary public API for Codex (seeds §5.8) — lazy start,
// send/stream turns, and every raw control of the underlying CodexSessionApi.
import path from "node:path";
import type { StartCodexOptions } from "../codex/options.js";
import { type CodexSessionApi, type CodexSessionEvents, startCodex } from "../codex/start.js";
import { LazyAgentSession } from "./lazy-session.js";

export type CodexSessionOptions = Omit<StartCodexOptions, "cwd"> & { readonly cwd?: string };

export class CodexSession extends LazyAgentSession<CodexSessionApi, CodexSessionEvents> {
  readonly cwd: string;

  constructor(options: CodexSessionOptions = {}) {
    const cwd = path.resolve(options.cwd ?? process.cwd());
    const stateDir =
      options.stateDir === undefined ? undefined : path.resolve(cwd, options.stateDir);
    const startOptions: StartCodexOptions = {
      ...options,
      cwd,
      ...(stateDir === undefined ? {} : { stateDir }),
    };
    super({ open: () => startCodex(startOptions) });
    this.cwd = cwd;
  }
}
