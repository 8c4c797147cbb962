// Agent knowledge lives only in the adapter folders (issue 20, Done-when 3): outside
// the adapter folders (any src/ folder with an adapter.ts, prd/adding-an-agent.md) and the
// test kit src/testing/ (which seeds the CLIs' homes), no
// source file holds any of these literal strings, comments included; src/errors.ts names
// no agent (agent error names are declared beside their adapters).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const AGENT_STRINGS = [
  "last_assistant_message",
  "CLAUDE_ENV_FILE",
  "config.toml",
  "❯",
  "Pasted text",
  '"UserPromptSubmit"',
  'decision: "block"',
];
const SRC = path.resolve(import.meta.dirname, "../../src");
const ADAPTER_FOLDERS = [
  ...readdirSync(SRC, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(SRC, entry.name, "adapter.ts")))
    .map((entry) => entry.name),
  "testing",
];

/** `file: string` for each agent string found under `src` outside the adapter folders. */
function agentStringsOutsideAdapters(src: string): string[] {
  const found: string[] = [];
  const entries = readdirSync(src, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.relative(src, path.join(entry.parentPath, entry.name));
    if (ADAPTER_FOLDERS.includes(file.split(path.sep)[0] ?? "")) continue;
    const text = readFileSync(path.join(src, file), "utf8");
    for (const literal of AGENT_STRINGS) {
      if (text.includes(literal)) found.push(`${file}: ${literal}`);
    }
  }
  return found;
}

describe("agent knowledge stays in the adapter folders (issue 20)", () => {
  it("no file outside the adapter folders and src/testing holds an agent's strings", () => {
    expect(agentStringsOutsideAdapters(SRC)).toEqual([]);
  });

  it("src/errors.ts names no agent", () => {
    expect(readFileSync(path.join(SRC, "errors.ts"), "utf8")).not.toMatch(/claude|codex/i);
  });

  it("the scan finds a planted string, in a nested core file and not in an adapter", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "elwood-agent-strings-"));
    try {
      mkdirSync(path.join(root, "core", "screen"), { recursive: true });
      mkdirSync(path.join(root, "claude"));
      writeFileSync(path.join(root, "core", "screen", "glyph.ts"), "// the ❯ composer\n");
      writeFileSync(path.join(root, "claude", "env.ts"), 'export const X = "CLAUDE_ENV_FILE";\n');
      expect(agentStringsOutsideAdapters(root)).toEqual([
        `${path.join("core", "screen", "glyph.ts")}: ❯`,
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
