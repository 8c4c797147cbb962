// The unit and integration folders mirror src/ (issue 20 item 8, prd/testing.md "Where a
// test goes"): a file sits in test/<tier>/<path>/ only where src/<path>/ exists, or
// scripts/<rest>/ for test/<tier>/scripts/<rest>/. The one folder with no counterpart is
// test/integration/package/ (the packed tarball). test/e2e/ stays flat: its files are
// user scenarios across the whole stack, not one module's tests.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TIERS = ["unit", "integration"];
/** Top-level test folders with no src/ or scripts/ counterpart, per tier. */
const NO_COUNTERPART: Record<string, readonly string[]> = { unit: [], integration: ["package"] };

/** The folders under `dir` (relative, `/`-separated) that hold a file; "" is `dir` itself. */
function foldersWithFiles(dir: string): string[] {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  const folders = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, entry.parentPath).split(path.sep).join("/"));
  return [...new Set(folders)].sort();
}

function mirrored(root: string, tier: string, folder: string): boolean {
  if (folder === "") return true;
  const [top = "", ...rest] = folder.split("/");
  if (NO_COUNTERPART[tier]?.includes(top)) return true;
  const counterpart = top === "scripts" ? ["scripts", ...rest] : ["src", top, ...rest];
  return (
    statSync(path.join(root, ...counterpart), { throwIfNoEntry: false })?.isDirectory() ?? false
  );
}

/** `test/<tier>/<folder>` for each unit or integration folder that mirrors nothing. */
function foldersOutsideTheMirror(root: string): string[] {
  const strays: string[] = [];
  for (const tier of TIERS) {
    const tierDir = path.join(root, "test", tier);
    for (const folder of foldersWithFiles(tierDir)) {
      if (!mirrored(root, tier, folder)) strays.push(`test/${tier}/${folder}`);
    }
  }
  return strays;
}

describe("test folders", () => {
  it("every unit and integration folder mirrors a folder of src/ or scripts/", () => {
    expect(foldersOutsideTheMirror(ROOT)).toEqual([]);
  });

  it("test/e2e has no subfolders", () => {
    const folders = readdirSync(path.join(ROOT, "test", "e2e"), { withFileTypes: true });
    expect(folders.filter((entry) => entry.isDirectory()).map((entry) => entry.name)).toEqual([]);
  });

  it("the check fails on a folder src/ and scripts/ do not have", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "elwood-test-folders-"));
    try {
      for (const dir of ["src/core/turn", "scripts/dev"])
        mkdirSync(path.join(root, dir), { recursive: true });
      const files = [
        "test/unit/core/turn/a.test.ts",
        "test/unit/scripts/dev/b.test.ts",
        "test/unit/c.test.ts",
        "test/unit/turn/d.test.ts",
        "test/unit/core/turns/e.test.ts",
        "test/unit/scripts/bench/f.test.ts",
        "test/unit/package/g.test.ts",
        "test/integration/package/h.test.ts",
      ];
      for (const file of files) {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), "");
      }
      mkdirSync(path.join(root, "test/unit/empty-leftover"));
      expect(foldersOutsideTheMirror(root)).toEqual([
        "test/unit/core/turns",
        "test/unit/package",
        "test/unit/scripts/bench",
        "test/unit/turn",
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
