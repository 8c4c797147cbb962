// A throwaway project that depends on the BUILT package the way an npm install leaves it
// (issue 27): `node_modules/@with-logic/elwood` holds a copy of dist/ and package.json
// (a copy, not a link, so the kit finds this project's node_modules, not the repo's),
// its runtime dependencies and the pinned CLIs are linked in, and `node_modules/.bin`
// holds `claude` and `codex` as npm links them. Nothing is downloaded.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { REPOSITORY_ROOT } from "./readme-samples.js";

interface PackageJson {
  readonly dependencies?: Record<string, string>;
  readonly bin?: string | Record<string, string>;
}

function packageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as PackageJson;
}

/** The CLI packages as npm would install them for `npm i -D <name>`, and their bins. */
const CLI_PACKAGES = ["@anthropic-ai/claude-code", "@openai/codex"] as const;

export interface ConsumerProject {
  readonly root: string;
  /** `<root>/node_modules/.bin`, where the consumer's `claude` and `codex` are. */
  readonly binDir: string;
}

export function createConsumerProject(): ConsumerProject {
  const root = mkdtempSync(join(tmpdir(), "elwood-consumer-"));
  const modules = join(root, "node_modules");
  const installed = join(modules, "@with-logic", "elwood");
  mkdirSync(installed, { recursive: true });
  cpSync(join(REPOSITORY_ROOT, "dist"), join(installed, "dist"), { recursive: true });
  cpSync(join(REPOSITORY_ROOT, "package.json"), join(installed, "package.json"));
  const link = (name: string) => {
    const target = join(modules, name);
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(join(REPOSITORY_ROOT, "node_modules", name), target);
  };
  for (const name of Object.keys(packageJson(REPOSITORY_ROOT).dependencies ?? {})) link(name);
  const binDir = join(modules, ".bin");
  mkdirSync(binDir);
  for (const name of CLI_PACKAGES) {
    link(name);
    const { bin } = packageJson(join(modules, name));
    const bins = typeof bin === "string" ? { [name.split("/")[1]!]: bin } : (bin ?? {});
    for (const [command, file] of Object.entries(bins)) {
      symlinkSync(relative(binDir, join(modules, name, file)), join(binDir, command));
    }
  }
  writeFileSync(
    join(root, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }),
  );
  return { root, binDir };
}
