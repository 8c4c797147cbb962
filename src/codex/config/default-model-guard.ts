// Codex's persisted default around a picker switch (api.md: "Codex writes the choice to
// config.toml"; C-CODEX-14): snapshot config.toml before, and afterwards restore it by
// compare-and-swap only if it differs SOLELY in the root `model`/`model_reasoning_effort`
// keys. Anything else (another edit, no original file, unparsable TOML) keeps the file and
// reports the default as persisted. A process-wide lock serializes sessions of this process.
import { randomBytes } from "node:crypto";
import { readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { parse } from "smol-toml";
import type { DefaultModelGuard } from "../../core/contract/models.js";

const MODEL_KEYS = ["model", "model_reasoning_effort"] as const;

/** Where Codex keeps its config for this environment: $CODEX_HOME, else ~/.codex. */
export function codexConfigPath(env: Readonly<Record<string, string | undefined>>): string {
  const codexHome = env.CODEX_HOME;
  if (codexHome !== undefined && codexHome !== "") return join(codexHome, "config.toml");
  return join(env.HOME || homedir(), ".codex", "config.toml");
}

let lockTail: Promise<unknown> = Promise.resolve();

function withProcessLock<T>(run: () => Promise<T>): Promise<T> {
  const result = lockTail.then(run, run);
  lockTail = result.catch(() => undefined);
  return result;
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function withoutModelKeys(text: string): string | undefined {
  try {
    const table = parse(text) as Record<string, unknown>;
    for (const key of MODEL_KEYS) delete table[key];
    return JSON.stringify(table);
  } catch {
    return undefined;
  }
}

/** "unchanged", "restored", or "persisted" when the file had to be left as it is. */
export async function restoreConfig(
  path: string,
  before: string | undefined,
): Promise<"unchanged" | "restored" | "persisted"> {
  const now = await readText(path);
  if (now === before) return "unchanged";
  if (before === undefined || now === undefined) return "persisted";
  const rest = withoutModelKeys(now);
  if (rest === undefined || rest !== withoutModelKeys(before)) return "persisted";
  const mode = (await stat(path)).mode & 0o777;
  const temporary = join(dirname(path), `.config.toml.elwood-${randomBytes(6).toString("hex")}`);
  await writeFile(temporary, before, { mode, flag: "wx" });
  try {
    // Compare-and-swap: the file must still be what was compared.
    if ((await readText(path)) !== now) return "persisted";
    await rename(temporary, path);
    return "restored";
  } finally {
    await rm(temporary, { force: true });
  }
}

/** The root `model` of config.toml, lowercased; undefined when unset or unreadable. */
export async function codexPersistedModel(
  env: Readonly<Record<string, string | undefined>>,
): Promise<string | undefined> {
  const text = await readText(codexConfigPath(env)).catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const model = (parse(text) as Record<string, unknown>).model;
    return typeof model === "string" ? model.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

export function codexDefaultModelGuard(
  env: Readonly<Record<string, string | undefined>>,
): DefaultModelGuard {
  const path = codexConfigPath(env);
  return {
    persistedWarning: {
      source: "lifecycle",
      code: "codex_default_model_persisted",
      message:
        "Codex saved the model chosen by setModel() as its default in config.toml, and Elwood could not restore the previous file because it changed in other ways too; check `model` in config.toml.",
    },
    around: (change, onPersisted) =>
      withProcessLock(async () => {
        const before = await readText(path).catch(() => undefined);
        try {
          return await change();
        } finally {
          const outcome = await restoreConfig(path, before).catch(() => "persisted" as const);
          if (outcome === "persisted") onPersisted();
        }
      }),
  };
}
