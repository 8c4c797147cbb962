// Where a new Gemini session's model comes from: `model.name` in the user's own
// settings.json. Sessions run on a private copy of those settings (./home.ts), so a choice
// Gemini would save lands there and this file stays as the user left it.
import { readUserSettings } from "./home.js";

/** The user's saved default model, lowercase, or undefined when none is set. */
export async function geminiPersistedModel(
  env: Readonly<Record<string, string | undefined>>,
): Promise<string | undefined> {
  const model = (await readUserSettings(env)).model;
  if (typeof model !== "object" || model === null) return undefined;
  const name = (model as { name?: unknown }).name;
  return typeof name === "string" && name.trim() !== "" ? name.trim().toLowerCase() : undefined;
}
