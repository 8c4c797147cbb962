// The e2e tier's own rules (C-E2E-04), checked on its source: it never substitutes a fake
// PTY, CLI, bridge or agent for the real ones, it never skips a test (a missing CLI is a
// loud failure, not a skip), and it finds the CLIs through one helper that throws when
// one is missing.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { cliBinary } from "../support/cli-binaries.js";

const E2E = join(import.meta.dirname, "..", "e2e");
const files = readdirSync(E2E).filter((file) => file.endsWith(".ts"));

/** Module specifiers a file imports, how each test call is invoked (`test.skip`…), and the
 * conditions given to `runIf`/`skipIf`. */
function shapeOf(file: string): { imports: string[]; calls: string[]; conditions: string[] } {
  const text = readFileSync(join(E2E, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const imports: string[] = [];
  const calls: string[] = [];
  const conditions: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier))
      imports.push(node.moduleSpecifier.text);
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const callee = node.expression.getText(source);
      if (/^(test|it|describe)\./.test(callee)) calls.push(callee);
      if (/\.(runIf|skipIf)$/.test(callee))
        conditions.push(node.arguments.map((argument) => argument.getText(source)).join(", "));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports, calls, conditions };
}

// What would stand in for the real thing: the fake PTY, the fake agent CLI, the echo
// agent, and anything from the lower tiers.
/**
 * The only conditions a test may run under, each a missing local prerequisite: /proc
 * (Linux) for the bridge's peer check, and a Chromium outside CI (in CI its absence fails).
 */
const PREREQUISITES = ['process.platform === "linux"', "shouldRun"];

const FAKES = [/fake-pty/, /fake-agent-cli/, /\/agents\/echo\//, /\/integration\//, /\/unit\//];

describe("C-E2E-04 the e2e tier", () => {
  it("has test files to check", () => {
    expect(files.filter((file) => file.endsWith(".test.ts")).length).toBeGreaterThan(10);
  });

  it.each(files)(
    "C-E2E-04: %s imports no fake and skips only for a missing prerequisite",
    (file) => {
      const { imports, calls, conditions } = shapeOf(file);
      for (const specifier of imports) {
        for (const fake of FAKES)
          expect(specifier, `${file} imports ${specifier}`).not.toMatch(fake);
      }
      for (const call of calls) {
        expect(call, `${file} uses ${call}`).not.toMatch(/\.(skip|todo|only|fails)\b/);
      }
      for (const condition of conditions) expect(PREREQUISITES, file).toContain(condition);
    },
  );

  it("C-E2E-04: a CLI that is not there fails loudly with the fix, instead of skipping", () => {
    const env = { ELWOOD_TEST_CLAUDE_BIN: "/nonexistent/claude" };
    expect(() => cliBinary("claude", env)).toThrow(
      /expected an executable claude at .*check ELWOOD_TEST_CLAUDE_BIN/,
    );
    expect(cliBinary("codex")).toMatch(/codex$/);
  });

  it("C-E2E-01: `npm run test:e2e` runs the e2e project, which is every test/e2e file (and npm test runs it too)", async () => {
    const root = join(import.meta.dirname, "..", "..");
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    // `e2e*` selects both e2e projects: the parallel one and the files that run alone.
    expect(pkg.scripts["test:e2e"]).toBe("vitest run --project 'e2e*'");
    // npm test runs the whole suite after the build: one vitest over every project but the
    // background one, and a second vitest over that one.
    expect(pkg.scripts.test).toBe("node scripts/dev/test-all.mjs");
    const runner = readFileSync(join(root, "scripts", "dev", "test-all.mjs"), "utf8");
    expect(runner).toContain('const BACKGROUND_PROJECT = "integration-background";');
    expect(runner).toContain('["vitest", "run", "--project", BACKGROUND_PROJECT]');
    expect(runner).toContain('["--project", EVERY_OTHER_PROJECT]');
    expect(runner).toContain('["vitest", "run", ...suiteArguments]');
    type Project = { test: { name: string; include: string[]; exclude?: string[] } };
    const configFor = (await import("../../vitest.config.js")).default as unknown as (env: {
      mode: string;
    }) => { test: { projects: Project[] } };
    const projects = configFor({ mode: "test" }).test.projects;
    expect(projects.map((project) => project.test.name)).toContain("integration-background");
    const e2e = projects.find((project) => project.test.name === "e2e");
    const alone = projects.find((project) => project.test.name === "e2e-alone");
    expect(e2e?.test.include).toEqual(["test/e2e/**/*.test.ts"]);
    // What the parallel project leaves out, the alone project runs: no e2e file is skipped.
    const excluded = (e2e?.test.exclude ?? []).filter((entry) => entry.startsWith("test/e2e/"));
    expect(alone?.test.include).toEqual(excluded);
  });
});
