// The file contents of an agent home: ~/.claude.json, ~/.claude/settings.json,
// ~/.codex/config.toml, ~/.gemini/settings.json, and the shell startup files. Pure
// functions, no I/O.

/** The API key variable named by the Codex provider's `env_key`. */
import { shellQuote } from "../../shell/login-shell.js";
export const CODEX_KEY_VARIABLE = "ELWOOD_SCRIPTED_API_KEY";

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

function tomlString(value: string): string {
  return JSON.stringify(value); // JSON string escapes are valid TOML basic strings
}

/** Codex config: the scripted provider over the Responses API, no retries, no updates. */
export function codexConfig(openaiBaseUrl: string, model: string, catalogPath: string): string {
  return [
    // The `/model` picker lists this catalog instead of the bundled one, so it names the
    // scripted models (a custom provider fetches no list; prd/testing-kit.md).
    `model_catalog_json = ${tomlString(catalogPath)}`,
    `model = ${tomlString(model)}`,
    `model_provider = "scripted"`,
    `check_for_update_on_startup = false`,
    "",
    "[model_providers.scripted]",
    `name = "Scripted model server"`,
    `base_url = ${tomlString(openaiBaseUrl)}`,
    `env_key = ${tomlString(CODEX_KEY_VARIABLE)}`,
    `wire_api = "responses"`,
    // A scripted failure should reach the test once, not after several retries.
    "request_max_retries = 0",
    "stream_max_retries = 0",
    "",
    // Keep codex off the network: no analytics, no plugin/app catalogs from chatgpt.com
    // or GitHub (seen as DNS lookups on 0.171.0 without these).
    "[analytics]",
    "enabled = false",
    "",
    // No random start-up tips: steadier screens (the GitHub tip fetch still happens).
    "[tui]",
    "show_tooltips = false",
    "",
    "[features]",
    "apps = false",
    "plugins = false",
    "remote_plugin = false",
    "plugin_sharing = false",
    "in_app_updates = false",
    // Otherwise codex starts a detached app-server daemon (own session, outlives the TUI).
    "daemon_auto_start = false",
    "",
  ].join("\n");
}

/** The API key variable Gemini CLI reads for its "gemini-api-key" auth type. */
export const GEMINI_KEY_VARIABLE = "GEMINI_API_KEY";

/**
 * Gemini's user settings: API-key auth chosen (no auth picker), no update checks or
 * notices, no usage statistics, no session cleanup, a fixed model (so main turns skip
 * the model router), and folder trust off unless the test asks for its dialog.
 */
export function geminiSettings(model: string, folderTrust: boolean): string {
  const settings = {
    security: {
      auth: { selectedType: "gemini-api-key" },
      folderTrust: { enabled: folderTrust },
    },
    general: {
      enableAutoUpdate: false,
      enableAutoUpdateNotification: false,
      sessionRetention: { enabled: false },
    },
    privacy: { usageStatisticsEnabled: false },
    model: { name: model },
  };
  return `${JSON.stringify(settings, null, 2)}\n`;
}

/** Gemini's trusted-folders list: the folders a test trusts when folder trust is on. */
export function geminiTrustedFolders(trustedDirs: readonly string[]): string {
  const rules = Object.fromEntries(trustedDirs.map((dir) => [dir, "TRUST_FOLDER"]));
  return `${JSON.stringify(rules, null, 2)}\n`;
}

/** Startup lines shared by .profile and .bashrc: PATH first, then the variables. */
export function shellProfile(
  cliDirs: readonly string[],
  variables: Readonly<Record<string, string>>,
  extraLines: readonly string[],
): string {
  const lines = ["# Written by @with-logic/elwood/testing createAgentHome()."];
  // Prepend each directory once, even when .profile and .bashrc both run.
  for (const dir of [...cliDirs].reverse()) {
    const quoted = shellQuote(dir);
    lines.push(`case ":$PATH:" in *:${quoted}:*) ;; *) PATH=${quoted}:"$PATH" ;; esac`);
  }
  lines.push("export PATH");
  for (const [name, value] of Object.entries(variables)) {
    lines.push(`export ${name}=${shellQuote(value)}`);
  }
  lines.push(...extraLines, "");
  return lines.join("\n");
}
