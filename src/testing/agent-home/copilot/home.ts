// Copilot's home in the kit: its own Anthropic provider (BYOK) against the scripted
// server's Anthropic dialect, offline, with no GitHub login and no self-update;
// COPILOT_HOME inside the home, whose config.json trusts the test's folders (its only
// first-run dialog); and one shared package cache, so the 235 MB the native binary
// unpacks on its first start is unpacked once per machine (prd/copilot.md).
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentHomeDialect } from "../dialect.js";

export interface CopilotHomeOptions {
  /** Model name Copilot is configured with (COPILOT_MODEL); default "scripted-model". */
  readonly copilotModel?: string;
  /**
   * Where Copilot unpacks its package on first start (COPILOT_PKG_CACHE_HOME); default
   * one folder per user under the OS temp folder, shared by every home.
   */
  readonly copilotPackageCacheDir?: string;
}

export interface CopilotHomeResult {
  /** `$HOME/.copilot`, also exported as COPILOT_HOME. */
  readonly copilotHome: string;
}

const copilotHomeOf = (home: string) => join(home, ".copilot");

/** The uid where there is one, so two users never share (or fight over) one cache. */
function userTag(): string {
  return typeof process.getuid === "function" ? String(process.getuid()) : "user";
}

const packageCacheOf = (options: CopilotHomeOptions) =>
  options.copilotPackageCacheDir ?? join(tmpdir(), `elwood-copilot-cache-${userTag()}`);

/** Copilot's user config: the folders it trusts without "Confirm folder trust". */
export function copilotConfig(trustedDirs: readonly string[]): string {
  return `${JSON.stringify({ trustedFolders: trustedDirs }, null, 2)}\n`;
}

export const copilotHome: AgentHomeDialect<CopilotHomeOptions, CopilotHomeResult> = {
  agent: "copilot",
  cliNames: ["copilot"],
  packages: ["@github/copilot"],
  droppedVariable: /^(COPILOT_|GH_TOKEN$|GITHUB_TOKEN$|GH_HOST$)/i,
  // 1.0.102 asks as a user turn of the conversation, tools offered.
  compactionSummary: (summary) => [
    {
      match: "Please create a detailed summary of the conversation so far",
      repeat: true,
      steps: [{ say: summary }],
    },
  ],
  variables: ({ home, server, options }) => ({
    COPILOT_HOME: copilotHomeOf(home),
    COPILOT_OFFLINE: "true",
    COPILOT_PROVIDER_TYPE: "anthropic",
    COPILOT_PROVIDER_BASE_URL: server.anthropicBaseUrl,
    COPILOT_PROVIDER_API_KEY: "elwood-scripted-key",
    COPILOT_MODEL: options.copilotModel ?? "scripted-model",
    COPILOT_AUTO_UPDATE: "false",
    COPILOT_PKG_CACHE_HOME: packageCacheOf(options),
  }),
  async seed({ home, trustedDirs, options }) {
    const dir = copilotHomeOf(home);
    await mkdir(dir, { recursive: true });
    await mkdir(packageCacheOf(options), { recursive: true, mode: 0o700 });
    await writeFile(join(dir, "config.json"), copilotConfig(trustedDirs));
  },
  result: ({ home }) => ({ copilotHome: copilotHomeOf(home) }),
};
