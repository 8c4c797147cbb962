// The agent seam holds (issue 42, prd/adding-an-agent.md): outside the adapter folders
// (any src/ folder with an adapter.ts), the registry (src/agents.ts), the package root's
// exports and the kit's per-agent dialect folders, no code line (comments aside) in src/
// or web/ names an agent. A new agent is its folder plus one registry line; everything
// else reads agents from the registry.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  filesUnder,
  type NamingLine,
  namingLines,
  withoutComments,
} from "../support/agent-names.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The adapter folders, by the layer rules' convention (.dependency-cruiser.cjs). */
function adapterFolders(root: string): string[] {
  return readdirSync(path.join(root, "src"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .filter((entry) => existsSync(path.join(root, "src", entry.name, "adapter.ts")))
    .map((entry) => `src/${entry.name}/`);
}

/** Where naming an agent is the point: each entry with why. */
const MAY_NAME_AGENTS: readonly { readonly path: RegExp; readonly why: string }[] = [
  { path: /^src\/agents\.ts$/, why: "the registry: one line per agent" },
  { path: /^src\/index\.ts$/, why: "the package root's per-agent exports" },
  {
    path: /^src\/error-names\.ts$/,
    why: "the package root's error-name union: each agent's declared names, one line each",
  },
  { path: /^src\/testing\/index\.ts$/, why: "the kit entry's per-agent exports" },
  { path: /^src\/testing\/agent-home\/dialects\.ts$/, why: "the kit's registry of agent homes" },
  { path: /^src\/testing\/agent-home\/[^/]+\//, why: "the kit's per-agent home dialects" },
  { path: /^src\/testing\/model-server\/[^/]+\//, why: "the kit's per-API model dialects" },
];

/**
 * Single lines that still name an agent outside those places, each with why it must.
 * Every entry must still match a line: a stale exception fails the test.
 */
const KNOWN_LINES: readonly {
  readonly file: string;
  readonly text: string;
  readonly why: string;
}[] = [
  {
    file: "src/core/contract/warnings.ts",
    text: 'codex_default_model_persisted: { source: "lifecycle" };',
    why: "a public warning code; the published .d.ts keeps no interface merge from the adapter's folder",
  },
];

function seamBreaches(root: string): NamingLine[] {
  const adapters = adapterFolders(root);
  const files = [...filesUnder(root, "src"), ...filesUnder(root, "web")].filter(
    (file) =>
      !adapters.some((folder) => file.startsWith(folder)) &&
      !MAY_NAME_AGENTS.some((allowed) => allowed.path.test(file)),
  );
  return namingLines(root, files);
}

let scanned: NamingLine[] | undefined;
// Parsing every file of src/ and web/ takes seconds on a busy machine.
const SCAN_TIMEOUT_MS = 60_000;
const scanOnce = () => {
  scanned ??= seamBreaches(ROOT);
  return scanned;
};

describe("the agent seam", () => {
  test(
    "no code line outside the adapters, the registry, the root's exports and the kit's dialects names an agent",
    () => {
      const breaches = scanOnce().filter(
        (line) =>
          !KNOWN_LINES.some((known) => known.file === line.file && known.text === line.text),
      );
      expect(breaches.map((line) => `${line.file}:${line.line}: ${line.text}`)).toEqual([]);
    },
    SCAN_TIMEOUT_MS,
  );

  test(
    "every known exception is still there (a stale one fails)",
    () => {
      const breaches = scanOnce();
      for (const known of KNOWN_LINES) {
        expect(
          breaches.some((line) => line.file === known.file && line.text === known.text),
          `${known.file}: ${known.text}`,
        ).toBe(true);
      }
    },
    SCAN_TIMEOUT_MS,
  );

  test(
    "the adapter folders are found by convention, and they are where the agents are",
    () => {
      const adapters = adapterFolders(ROOT);
      expect(adapters).toContain("src/claude/");
      expect(adapters).toContain("src/codex/");
      // Without its folder exemption, an adapter's own code names its agent (the check can see).
      const inAdapters = namingLines(ROOT, filesUnder(ROOT, "src/claude"));
      expect(inAdapters.length).toBeGreaterThan(10);
    },
    SCAN_TIMEOUT_MS,
  );

  test("the reader takes comments out and keeps code, strings and regexes", () => {
    const source = [
      "// claude in a line comment",
      "/* codex in a block",
      "   comment */ const kept = 1;",
      'const url = "http://example/claude"; // a // in a string is no comment',
      "const pattern = /gemini\\/x/; /** copilot */",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template.
      "const template = `${kept} codex`;",
      "const plain = 2; // Copilot",
    ].join("\n");
    const code = withoutComments("x.ts", source).split("\n");
    expect(code).toHaveLength(7);
    expect(code.map((line) => /claude|codex|gemini|copilot/i.test(line))).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
      false,
    ]);
    expect(code[2]).toContain("const kept = 1;");
    const html = withoutComments("x.html", '<!-- codex -->\n<option value="claude">');
    expect(html.split("\n").map((line) => /claude|codex/.test(line))).toEqual([false, true]);
    const css = withoutComments("x.css", "/* claude */\n.agent-codex {}");
    expect(css.split("\n").map((line) => /claude|codex/.test(line))).toEqual([false, true]);
  });
});
