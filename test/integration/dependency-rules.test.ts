// The layer rules (.dependency-cruiser.cjs, prd/internals.md "Layer rules") hold for src/
// and can fail: a copy of src/ with planted violations — a cycle made only of
// `import type`, core importing an adapter, a mechanism importing core, turn/ importing
// runtime/, serve reaching past the package root — fails, naming each rule. A new agent's
// folder (any src/ folder with an adapter.ts) is held to the adapter rules unnamed.
import { execFile } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, test } from "vitest";

const ROOT = path.join(import.meta.dirname, "../..");
const CONFIG = path.join(ROOT, ".dependency-cruiser.cjs");
const DEPCRUISE = path.join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");

interface Cruise {
  readonly exitCode: number;
  readonly output: string;
}

/** Runs the check as `npm run deps` does (the default reporter sets the exit code). */
async function cruise(cwd: string): Promise<Cruise> {
  const args = [DEPCRUISE, "src", "--config", CONFIG];
  return promisify(execFile)(process.execPath, args, { cwd }).then(
    (done) => ({ exitCode: 0, output: done.stdout }),
    (failed: { stdout?: string; code?: number }) => ({
      exitCode: failed.code ?? -1,
      output: failed.stdout ?? "",
    }),
  );
}

const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/** A copy of src/ (with the tsconfig and node_modules it resolves through) to plant in. */
function copyOfSrc(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "elwood-deps-"));
  copies.push(dir);
  cpSync(path.join(ROOT, "src"), path.join(dir, "src"), { recursive: true });
  cpSync(path.join(ROOT, "tsconfig.json"), path.join(dir, "tsconfig.json"));
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

function plant(dir: string, file: string, line: string): void {
  appendFileSync(path.join(dir, file), `\n${line}\n`);
}

describe("dependency rules", () => {
  test("src as it is breaks no rule", async () => {
    const result = await cruise(ROOT);
    expect(result.output).toContain("no dependency violations found");
    expect(result.exitCode).toBe(0);
    // The cruise saw the whole tree, not an empty or unresolved one.
    const modules = Number(/\((\d+) modules/.exec(result.output)?.[1]);
    expect(modules).toBeGreaterThan(250);
  });

  test("planted violations fail, each naming its rule", async () => {
    const dir = copyOfSrc();
    // (a) a two-file cycle made only of type imports.
    writeFileSync(
      path.join(dir, "src/transcript/planted-a.ts"),
      'import type { B } from "./planted-b.js";\nexport interface A {\n  readonly b?: B;\n}\n',
    );
    writeFileSync(
      path.join(dir, "src/transcript/planted-b.ts"),
      'import type { A } from "./planted-a.js";\nexport interface B {\n  readonly a?: A;\n}\n',
    );
    // (b) core importing an adapter.
    plant(
      dir,
      "src/core/runtime/waits.ts",
      'import type { ClaudeHookEventName } from "../../claude/hooks/events.js";',
    );
    // (c) a mechanism importing core.
    plant(
      dir,
      "src/state/record.ts",
      'import type { ElwoodSessionStatus } from "../core/contract/status.js";',
    );
    // (d) a core layer importing one above it.
    plant(
      dir,
      "src/core/turn/turn-slot.ts",
      'import type { ControlQueue } from "../context/control-queue.js";\n' +
        'import type { SessionInterrupt } from "../runtime/interrupt.js";',
    );
    // (e) serve reaching past the package root, from a file with no named exception.
    plant(
      dir,
      "src/serve/sse.ts",
      'import type { SessionRuntime } from "../core/runtime/runtime.js";',
    );

    const result = await cruise(dir);
    const found = result.output;

    expect(result.exitCode).not.toBe(0);
    expect(found).toMatch(
      /error no-circular: src\/transcript\/planted-[ab]\.ts → \n\s+src\/transcript\/planted-[ab]\.ts →/,
    );
    expect(found).toContain(
      "error core-never-imports-above: src/core/runtime/waits.ts → src/claude/hooks/events.ts",
    );
    expect(found).toContain(
      "error state-imports-only-below: src/state/record.ts → src/core/contract/status.ts",
    );
    expect(found).toContain(
      "error core-turn-operations-stay-below-runtime: src/core/turn/turn-slot.ts → src/core/runtime/interrupt.ts",
    );
    expect(found).toContain(
      "error serve-uses-the-package-root: src/serve/sse.ts → src/core/runtime/runtime.ts",
    );
    // turn/ may use context/ (below it): that planted line is no violation of its own.
    expect(found).not.toContain("→ src/core/context/control-queue.ts");
  });

  test("a folder no rule names is held to the adapter rules once it has an adapter.ts", async () => {
    const dir = copyOfSrc();
    const folder = path.join(dir, "src/throwaway");
    mkdirSync(folder);
    // An adapter reaching above itself (the session layer) and into another adapter.
    writeFileSync(
      path.join(folder, "adapter.ts"),
      'import type { AgentSession } from "../session/agent-session.js";\n' +
        'import type { ClaudePosture } from "../claude/posture.js";\n' +
        "export type Planted = [AgentSession, ClaudePosture];\n",
    );
    // Core importing the new adapter.
    plant(
      dir,
      "src/core/runtime/waits.ts",
      'import type { Planted } from "../../throwaway/adapter.js";',
    );
    // A folder that is neither a layer nor an adapter (no adapter.ts).
    mkdirSync(path.join(dir, "src/stray"));
    writeFileSync(path.join(dir, "src/stray/thing.ts"), "export const thing = 1;\n");
    plant(dir, "src/agents.ts", 'import { thing } from "./stray/thing.js";\nvoid thing;');

    const found = (await cruise(dir)).output;
    expect(found).toContain(
      "error adapters-never-import-above: src/throwaway/adapter.ts → src/session/agent-session.ts",
    );
    expect(found).toContain(
      "error adapters-never-import-each-other: src/throwaway/adapter.ts → src/claude/posture.ts",
    );
    expect(found).toContain(
      "error core-never-imports-above: src/core/runtime/waits.ts → src/throwaway/adapter.ts",
    );
    expect(found).toContain(
      "error src-folders-are-layers-or-adapters: src/agents.ts → src/stray/thing.ts",
    );
  });
});
