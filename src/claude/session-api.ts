// Claude's raw session: every common control plus login() (api.md "login"; Claude-only,
// so it is on neither CodexSessionApi nor ElwoodAgentSession).
import { AgentSessionApi, guard } from "../core/runtime/agent-session.js";
import type { ClaudeSessionEvents } from "./adapter.js";

export type ClaudeLoginMethod = "claudeai" | "console" | "third_party";

export interface ClaudeLoginOptions {
  /** Default "claudeai" (a Claude subscription account). */
  readonly method?: ClaudeLoginMethod;
  /** Receives the https sign-in URL (host checked against Anthropic's) to open in a browser. */
  readonly onAuthUrl?: (url: string) => void;
  /** Returns the code the browser shows; called only when the CLI asks for one. */
  readonly provideCode: () => string | Promise<string>;
  /** Default 300000. */
  readonly timeoutMs?: number;
}

export class ClaudeAgentSessionApi extends AgentSessionApi<ClaudeSessionEvents> {
  /**
   * Runs /login in place, as one exclusive queue transaction: resolves once the CLI
   * reports success and its composer is back; login_failed, login_timeout or
   * session_not_running otherwise.
   */
  login(options: ClaudeLoginOptions): Promise<void> {
    return guard(() => this.operations.login(options));
  }
}
