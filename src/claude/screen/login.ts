// Claude Code's /login dialog (prd/operations.md "login()"; fixtures
// test/fixtures/screens/claude-2.1.332-login-*.txt), verified offline on 2.1.332 up to
// the OAuth exchange, which needs the real sign-in service: the method list, the URL and
// paste prompt, and the "OAuth error … Press Enter to retry" failure were all seen live.
// The success rows come from the binary's strings ("Login successful. Press Enter to
// continue"), not from a live screen.
import type { LoginFacts } from "../../core/contract/operation-facts.js";

export const CLAUDE_LOGIN_FACTS: LoginFacts = {
  command: "/login",
  // "▔▔▔…" then "  Login" opens the dialog where the composer was.
  dialogHeader: /^\s*Login\s*$/,
  methodPrompt: /^\s*Select login method:/,
  methods: {
    claudeai: /^\s*(❯\s*)?1\.\s+Claude account with subscription\b/,
    console: /^\s*(❯\s*)?2\.\s+Anthropic Console account\b/,
    third_party: /^\s*(❯\s*)?3\.\s+3rd-party platform\b/,
  },
  selectedOption: /^\s*❯\s/,
  // "Browser didn't open? Use the URL below to sign in (c to copy)" / "https://claude.ai/oauth/authorize?…".
  url: /^\s*https?:\/\/\S/,
  allowedHosts: ["claude.ai", "claude.com", "platform.claude.com", "console.anthropic.com"],
  // "Paste code here if prompted" above a bordered, masked input box.
  codePrompt: /^\s*Paste code here\b/,
  success: /Login successful\b/,
  continuePrompt: /Press Enter to continue\b/i,
  // "✘ OAuth error: Couldn't get an answer from the sign-in service (ECONNREFUSED). …"
  // then "Press Enter to retry".
  failure: /(OAuth error\b|Login failed\b|Press Enter to (retry|try again))/,
  // StopFailure's `error` (hook-protocols, 2.1.332): a 401 with no retries left.
  lapseHook: { name: "StopFailure", field: "error", values: ["authentication_failed"] },
  verifiedOn: "2.1.332 (method list, URL, paste prompt and OAuth error live; success from strings)",
};
