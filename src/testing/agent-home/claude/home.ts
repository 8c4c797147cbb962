// Claude Code's home in the kit: the Anthropic Messages dialect of the scripted server,
// an auth token (no login picker), onboarding done, trust only where the test asked for
// it, no auto-update, telemetry, error reports or marketplace clone.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { AgentHomeDialect } from "../dialect.js";

/** Claude's global config: onboarding done, trust only where the test asked for it. */
export function claudeJson(trustedDirs: readonly string[]): string {
  const projects: Record<string, unknown> = {};
  for (const dir of trustedDirs) {
    projects[dir] = {
      hasTrustDialogAccepted: true,
      hasCompletedProjectOnboarding: true,
      projectOnboardingSeenCount: 1,
      allowedTools: [],
    };
  }
  const config = {
    hasCompletedOnboarding: true,
    lastOnboardingVersion: "2.1.332",
    numStartups: 1,
    theme: "dark",
    autoUpdates: false,
    hasSeenTasksHint: true,
    projects,
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

export function claudeSettings(): string {
  return `${JSON.stringify({ autoUpdates: false }, null, 2)}\n`;
}

export const claudeHome: AgentHomeDialect = {
  agent: "claude",
  cliNames: ["claude"],
  packages: ["@anthropic-ai/claude-code"],
  droppedVariable: /^(ANTHROPIC_|CLAUDE_|CLAUDECODE$)/i,
  // 2.1.332 asks as a user turn of the conversation, tools offered, for "an <analysis>
  // block followed by a <summary> block"; an answer without the tags is asked for again.
  compactionSummary: (summary) => [
    {
      match: "Your task is to create a detailed summary of the conversation so far",
      repeat: true,
      steps: [{ say: `<analysis>Scripted.</analysis>\n<summary>\n${summary}\n</summary>` }],
    },
  ],
  variables: ({ server }) => ({
    ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
    // An auth token (not an API key) avoids Claude's "Detected a custom API key" dialog.
    ANTHROPIC_AUTH_TOKEN: "elwood-scripted-token",
    DISABLE_AUTOUPDATER: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_TELEMETRY: "1",
    // Otherwise claude probes `ssh git@github.com` and clones its plugin marketplace.
    CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: "1",
    DISABLE_ERROR_REPORTING: "1",
  }),
  async seed({ home, trustedDirs }) {
    await mkdir(join(home, ".claude"), { recursive: true });
    await writeFile(join(home, ".claude.json"), claudeJson(trustedDirs));
    await writeFile(join(home, ".claude", "settings.json"), claudeSettings());
  },
  result: () => ({}),
};
