// createAgentHome() finds the pinned CLIs the way a consumer project has them (issue 27):
// its own node_modules/.bin above the calling module, then the working directory's and
// the kit's, then PATH; finding neither CLI is an error that names `cliPaths`.
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { ElwoodError } from "../../../../src/errors.js";
import {
  callSiteFiles,
  cliSearchPath,
  defaultCliDirs,
} from "../../../../src/testing/agent-home/cli-dirs.js";
import type { AgentHome, AgentHomeOptions } from "../../../../src/testing/index.js";

const server = {
  anthropicBaseUrl: "http://127.0.0.1:4100",
  openaiBaseUrl: "http://127.0.0.1:4100/v1",
};
const repositoryRoot = join(import.meta.dirname, "..", "..", "..", "..");
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A throwaway consumer project; `bins` are fake executables in its node_modules/.bin. */
async function project(bins: readonly string[]): Promise<string> {
  const root = await realpath(await mkdtemp(join(tmpdir(), "elwood-consumer-")));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  await mkdir(join(root, "node_modules", ".bin"), { recursive: true });
  await mkdir(join(root, "test"), { recursive: true });
  for (const name of bins) {
    await writeFile(join(root, "node_modules", ".bin", name), "#!/bin/sh\n", { mode: 0o755 });
  }
  return root;
}

describe("callSiteFiles", () => {
  test("reads the kit's file and its caller's from V8 stack text", () => {
    const stack = [
      "Error",
      "    at createAgentHome (file:///app/node_modules/@with-logic/elwood/dist/testing/index.js:10:5)",
      "    at setup (/app/test/e2e/my.test.ts:12:3)",
      "    at node:internal/process/task_queues:95:5",
    ].join("\n");
    expect(callSiteFiles(stack)).toEqual({
      kit: "/app/node_modules/@with-logic/elwood/dist/testing/index.js",
      caller: "/app/test/e2e/my.test.ts",
    });
    // Top-level ESM code and async frames have other shapes; internals are skipped.
    const topLevel = [
      "Error",
      "    at async createAgentHome (file:///kit/agent-home.js:1:1)",
      "    at node:internal/modules/esm/module_job:195:25",
      "    at file:///app/offline%20example.mjs:9:14",
    ].join("\n");
    expect(callSiteFiles(topLevel)).toEqual({
      kit: "/kit/agent-home.js",
      caller: "/app/offline example.mjs",
    });
    expect(callSiteFiles(undefined)).toEqual({});
  });
});

describe("the default cliPaths", () => {
  test("searches node_modules/.bin above the caller, the cwd and the kit, nearest first, then PATH", () => {
    const searched = cliSearchPath({
      callerFile: "/app/test/my.test.ts",
      cwd: "/work",
      kitFile: "/kit/dist/index.js",
      pathVariable: "/usr/local/bin:relative/bin:/usr/bin",
    });
    expect(searched).toEqual([
      "/app/test/node_modules/.bin",
      "/app/node_modules/.bin",
      "/node_modules/.bin",
      "/work/node_modules/.bin",
      "/kit/dist/node_modules/.bin",
      "/kit/node_modules/.bin",
      "/usr/local/bin",
      "/usr/bin",
    ]);
  });

  test("the project's pinned CLIs win over the same names on PATH", async () => {
    const app = await project(["claude", "codex"]);
    const elsewhere = await project(["claude", "codex"]);
    const dirs = defaultCliDirs({
      callerFile: join(app, "test", "my.test.ts"),
      cwd: "/",
      pathVariable: join(elsewhere, "node_modules", ".bin"),
    });
    expect(dirs).toEqual([join(app, "node_modules", ".bin"), dirname(process.execPath)]);
  });

  test("a CLI the project lacks is taken from PATH", async () => {
    const app = await project(["claude"]);
    const global = await project(["codex"]);
    const dirs = defaultCliDirs({
      callerFile: join(app, "test", "my.test.ts"),
      cwd: "/",
      pathVariable: `/nonexistent:${join(global, "node_modules", ".bin")}`,
    });
    expect(dirs.slice(0, 2)).toEqual([
      join(app, "node_modules", ".bin"),
      join(global, "node_modules", ".bin"),
    ]);
  });

  test("finding neither CLI is invalid_options naming cliPaths, before anything is created", async () => {
    const empty = await project([]);
    let thrown: unknown;
    try {
      defaultCliDirs({ callerFile: join(empty, "test", "x.ts"), cwd: "/", pathVariable: "" });
    } catch (error) {
      thrown = error;
    }
    expect(ElwoodError.is(thrown, "invalid_options")).toBe(true);
    expect((thrown as ElwoodError).message).toContain("pass `cliPaths`");
    expect((thrown as ElwoodError).message).not.toContain("executable");
    expect((thrown as ElwoodError).details).toMatchObject({ option: "cliPaths" });
  });
});

describe("createAgentHome's lookup", () => {
  test("finds claude in the node_modules/.bin of the module that called it, not on PATH", async () => {
    const app = await project(["claude"]);
    // A module of the consumer's that calls the kit; vitest loads it from the app folder.
    const caller = join(app, "test", "setup.ts");
    const kit = pathToFileURL(join(repositoryRoot, "src", "testing", "index.ts")).href;
    await writeFile(
      caller,
      `import { createAgentHome } from ${JSON.stringify(kit)};\nexport const make = (options) => createAgentHome(options);\n`,
    );
    const { make } = (await import(pathToFileURL(caller).href)) as {
      make: (options: AgentHomeOptions) => Promise<AgentHome>;
    };
    const home = await make({ server, baseEnv: { PATH: "/usr/bin:/bin" } });
    cleanups.push(() => home.cleanup());
    const bin = join(app, "node_modules", ".bin");
    expect(home.env.PATH?.split(":")[0]).toBe(bin);
    expect(await readFile(join(home.home, ".profile"), "utf8")).toContain(bin);
  });

  test("a cliPaths that is not a list of folders is invalid_options", async () => {
    const bad = { server, cliPaths: "/usr/bin" } as unknown as AgentHomeOptions;
    const { createAgentHome } = await import("../../../../src/testing/index.js");
    await expect(createAgentHome(bad)).rejects.toMatchObject({ name: "invalid_options" });
  });
});
