// The model catalog an agent home gives Codex through `model_catalog_json` (Codex 0.171
// reads the `/model` picker's rows from it; a custom provider fetches no list). Each entry
// carries the ModelInfo fields the pinned Codex needs to parse and use it: slug, display
// name, description, reasoning levels, shell type, visibility, priority, context window,
// truncation policy, modalities and base instructions.

export interface ScriptedCodexModel {
  /** The slug Codex sends as `model` (and shows as the row label). */
  readonly slug: string;
  readonly description: string;
}

export const DEFAULT_CODEX_MODELS: readonly ScriptedCodexModel[] = [
  { slug: "scripted-model", description: "The scripted default model." },
  { slug: "scripted-model-alt", description: "A second scripted model." },
];

const REASONING_LEVELS = [
  { effort: "low", description: "Faster answers" },
  { effort: "medium", description: "Balanced" },
  { effort: "high", description: "Deeper reasoning" },
];

export function codexModelCatalog(models: readonly ScriptedCodexModel[]): string {
  const entries = models.map((model, index) => ({
    slug: model.slug,
    display_name: model.slug,
    description: model.description,
    default_reasoning_level: "medium",
    supported_reasoning_levels: REASONING_LEVELS,
    shell_type: "shell_command",
    visibility: "list",
    supported_in_api: true,
    priority: index + 1,
    context_window: 128_000,
    truncation_policy: { mode: "tokens", limit: 10_000 },
    input_modalities: ["text", "image"],
    supports_parallel_tool_calls: false,
    supports_reasoning_summaries: false,
    support_verbosity: false,
    upgrade: null,
    base_instructions: "You are a scripted test model.",
    minimal_client_version: "0.0.1",
    experimental_supported_tools: [],
  }));
  return `${JSON.stringify({ models: entries }, null, 2)}\n`;
}
