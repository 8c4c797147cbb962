// Gemini's project temp folder (~/.gemini/tmp/<slug>): the one folder outside the workspace
// it reads without asking (its Config.isPathAllowed, 0.61.0). Gemini claims the slug at
// start and writes the project's folder into its `.project_root` marker, which is how
// Elwood finds it (the slug registry, projects.json, is rewritten in the private home).
import { readdir, readFile, realpath } from "node:fs/promises";
import { join, resolve } from "node:path";
import { userHomeOf } from "./home.js";

type Env = Readonly<Record<string, string | undefined>>;

const PROJECT_ROOT_MARKER = ".project_root";

/** The session folder's temp folder, or undefined before Gemini claimed one. */
export async function geminiProjectTempDir(env: Env, cwd: string): Promise<string | undefined> {
  const tmp = join(userHomeOf(env), ".gemini", "tmp");
  const wanted = new Set([resolve(cwd), await realpath(cwd).catch(() => resolve(cwd))]);
  for (const slug of await readdir(tmp).catch(() => [] as string[])) {
    const marker = join(tmp, slug, PROJECT_ROOT_MARKER);
    const owner = await readFile(marker, "utf8").catch(() => undefined);
    if (owner !== undefined && wanted.has(resolve(owner.trim()))) return join(tmp, slug);
  }
  return undefined;
}
