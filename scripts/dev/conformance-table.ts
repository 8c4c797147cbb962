// Fills the "Tests" column of prd/conformance.md from the conformance IDs the test files
// cite (in titles or comments; committed files only), and prints how many criteria sit in each status.
//
//   npx tsx scripts/dev/conformance-table.ts          rewrite the column in place
//   npx tsx scripts/dev/conformance-table.ts --check  exit 1 if the column is stale
//
// Shorthand citations count too: "C-HRESP-03/05" cites C-HRESP-03 and C-HRESP-05, and
// "C-HRESP-07..10" cites C-HRESP-07 through C-HRESP-10.

import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const TABLE_PATH = join(ROOT, "prd", "conformance.md");
const CITATION = /C-([A-Z0-9]+)-(\d{2})((?:\/\d{2})*)(?:\.\.(\d{2}))?/g;
// Rows are | ID | rule | status | note | tests |; only the last cell is rewritten.
const ROW = /^\| (C-[A-Z0-9]+-\d{2})\b[^|]*\|([^|]*)\|([^|]*)\|([^|]*)\|([^|]*)\|\s*$/;

// Committed test files only, so the table never points at someone's unfinished work.
function testFiles(): string[] {
  const listing = execFileSync("git", ["ls-files", "-z", "--", "test"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return listing.split("\0").filter((file) => file.endsWith(".ts"));
}

function citationsByFile(): Map<string, Set<string>> {
  const cited = new Map<string, Set<string>>();
  for (const file of testFiles()) {
    const name = relative("test", file);
    for (const match of readFileSync(join(ROOT, file), "utf8").matchAll(CITATION)) {
      const [, family, first = "", more = "", last] = match;
      const numbers = [first, ...more.split("/").filter((part) => part !== "")];
      for (let n = Number(first) + 1; last !== undefined && n <= Number(last); n += 1)
        numbers.push(String(n).padStart(2, "0"));
      for (const number of numbers) {
        const id = `C-${family}-${number}`;
        const files = cited.get(id) ?? new Set<string>();
        files.add(name);
        cited.set(id, files);
      }
    }
  }
  return cited;
}

function main(): void {
  const isCheck = process.argv.includes("--check");
  const cited = citationsByFile();
  const original = readFileSync(TABLE_PATH, "utf8");
  const listed = new Set<string>();
  const statusCounts = new Map<string, number>();
  const lines = original.split("\n").map((line) => {
    const row = ROW.exec(line);
    if (row === null) return line;
    const [, id = "", , status = ""] = row;
    listed.add(id);
    const statusName = status.trim();
    statusCounts.set(statusName, (statusCounts.get(statusName) ?? 0) + 1);
    const files = [...(cited.get(id) ?? [])].sort().map((file) => `\`${file}\``);
    const cell = files.length === 0 ? "—" : files.join(", ");
    return line.replace(/\|[^|]*\|\s*$/, `| ${cell} |`);
  });
  const updated = lines.join("\n");

  const unknown = [...cited.keys()].filter((id) => !listed.has(id)).sort();
  if (unknown.length > 0)
    console.error(`cited in tests but not in the table: ${unknown.join(", ")}`);
  for (const [status, count] of [...statusCounts].sort()) console.log(`${status}: ${count} rows`);

  if (isCheck) {
    if (updated !== original || unknown.length > 0) {
      console.error("prd/conformance.md is stale: run npx tsx scripts/dev/conformance-table.ts");
      process.exitCode = 1;
    }
    return;
  }
  if (updated !== original) writeFileSync(TABLE_PATH, updated);
}

main();
