// Codex's home in the kit: the OpenAI Responses dialect of the scripted server through a
// custom provider and key variable, CODEX_HOME inside the home, a model catalog for its
// `/model` picker, and no updates, analytics, plugins or app-server daemon.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { AgentHomeDialect } from "../dialect.js";
import { codexModelCatalog, DEFAULT_CODEX_MODELS, type ScriptedCodexModel } from "./catalog.js";

/** The API key variable named by the Codex provider's `env_key`. */
export const CODEX_KEY_VARIABLE = "ELWOOD_SCRIPTED_API_KEY";

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

export interface CodexHomeOptions {
  /** Model name Codex is configured with; default "scripted-model". */
  readonly codexModel?: string;
  /** The rows of Codex's `/model` picker; default "scripted-model" and "scripted-model-alt". */
  readonly codexModels?: readonly ScriptedCodexModel[];
}

export interface CodexHomeResult {
  /** `$HOME/.codex`, also exported as CODEX_HOME. */
  readonly codexHome: string;
}

const codexHomeOf = (home: string) => join(home, ".codex");

export const codexHome: AgentHomeDialect<CodexHomeOptions, CodexHomeResult> = {
  agent: "codex",
  cliNames: ["codex"],
  packages: ["@openai/codex"],
  droppedVariable: /^(CODEX_|OPENAI_)/i,
  // 0.171.0 asks in a tool-less side request ("You are performing a CONTEXT CHECKPOINT
  // COMPACTION…"); its title request is one too, hence the specific match.
  compactionSummary: (summary) => [
    {
      match: "CONTEXT CHECKPOINT COMPACTION",
      sideRequest: true,
      repeat: true,
      steps: [{ say: summary }],
    },
  ],
  variables: ({ home }) => ({
    [CODEX_KEY_VARIABLE]: "elwood-scripted-key",
    CODEX_HOME: codexHomeOf(home),
  }),
  async seed({ home, server, options }) {
    const dir = codexHomeOf(home);
    await mkdir(dir, { recursive: true });
    const model = options.codexModel ?? "scripted-model";
    const catalogPath = join(dir, "elwood-model-catalog.json");
    await writeFile(catalogPath, codexModelCatalog(options.codexModels ?? DEFAULT_CODEX_MODELS));
    await writeFile(
      join(dir, "config.toml"),
      codexConfig(server.openaiBaseUrl, model, catalogPath),
    );
  },
  result: ({ home }) => ({ codexHome: codexHomeOf(home) }),
};
