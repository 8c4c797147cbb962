// Claude's login() options (api.md "login"; Claude-only, so it is on neither
// CodexSession nor ElwoodAgentSession).

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
