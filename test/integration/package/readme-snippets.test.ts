// Every ```ts block in README.md compiles, as a consumer with `strict` would write it
// (issue 11: "Keep the README and its examples compiling"); the runnable ones also run
// against the real CLIs in test/e2e/readme-samples.test.ts (issue 27). Each block becomes its own
// ES module in a throwaway project whose `@with-logic/elwood` and `@with-logic/elwood/testing`
// map to the sources, so no build is needed; `tsc` must report nothing. The flags are
// `strict` plus the repo's two stricter ones, which the sources themselves are written
// for and which only ever add errors. A block that is not meant to compile must not be
// tagged `ts` (use `sh`, `text` or `js`).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReadmeSample, readmeSamples } from "../../support/readme-samples.js";

const root = resolve(import.meta.dirname, "../../..");

let project: string;

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), "elwood-readme-"));
});

afterAll(() => {
  if (project !== undefined) rmSync(project, { recursive: true, force: true });
});

type Snippet = Pick<ReadmeSample, "line" | "code">;

function compile(snippets: readonly Snippet[]): string {
  const files = snippets.map((snippet) => {
    const name = `readme-line-${snippet.line}.ts`;
    writeFileSync(join(project, name), `${snippet.code}\n`);
    return name;
  });
  writeFileSync(join(project, "package.json"), JSON.stringify({ type: "module", private: true }));
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        // The package's own lib (Node >= 20 has ES2023's array methods); the sources are
        // compiled here through `paths`, so a narrower lib would flag them, not the README.
        lib: ["ES2023"],
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        noEmit: true,
        skipLibCheck: true,
        types: ["node"],
        typeRoots: [join(root, "node_modules", "@types")],
        paths: {
          "@with-logic/elwood": [join(root, "src", "index.ts")],
          "@with-logic/elwood/testing": [join(root, "src", "testing", "index.ts")],
        },
      },
      files,
    }),
  );
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  try {
    return execFileSync(process.execPath, [tsc, "-p", project, "--pretty", "false"], {
      encoding: "utf8",
    });
  } catch (error) {
    const { stdout } = error as { stdout?: string };
    return stdout ?? String(error);
  }
}

describe("README.md examples", () => {
  const snippets = readmeSamples();

  it("has TypeScript examples to check", () => {
    expect(snippets.length).toBeGreaterThanOrEqual(5);
  });

  it("every ts block compiles under strict against the package's types", () => {
    // A canary block with a known error proves the check can fail, in the same tsc run.
    const canary = {
      line: 0,
      code: 'import { startClaude } from "@with-logic/elwood";\nstartClaude(42);',
    };
    const errors = compile([...snippets, canary])
      .trim()
      .split("\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/readme-line-0\.ts\(2,13\): error TS2345/);
  });
});
