// Fills the "Tests" column of prd/conformance.md from the conformance IDs the test files
// cite, and prints how many criteria sit in each status.
//
//   npx tsx scripts/dev/conformance-table.ts          rewrite the column in place
//   npx tsx scripts/dev/conformance-table.ts --check  exit 1 if the column is stale, a
//                                                     status is outside the legend, or
//                                                     a row is left partial/not started
//
// A citation counts only where a test can prove it: a string inside a `test`/`it`/
// `describe` call (its title or its body) in a committed `*.test.ts` file. Comments,
// support files and strings outside any test cite nothing, so a mention can never stand
// in for a test. Shorthand citations count too: "C-HRESP-03/05" cites C-HRESP-03 and
// C-HRESP-05, and "C-HRESP-07..10" cites C-HRESP-07 through C-HRESP-10.

import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const TABLE_PATH = join(ROOT, "prd", "conformance.md");
const CITATION = /C-([A-Z0-9]+)-(\d{2})((?:\/\d{2})*)(?:\.\.(\d{2}))?/g;
// Rows are | ID | rule | status | note | tests |; only the last cell is rewritten.
const ROW = /^\| (C-[A-Z0-9]+-\d{2})\b[^|]*\|([^|]*)\|([^|]*)\|([^|]*)\|([^|]*)\|\s*$/;

const TEST_CALLS = new Set(["test", "it", "describe"]);

/**
 * The statuses a finished table may hold (the legend in prd/conformance.md): done, or a
 * reason it is not ours to prove here. "partial" and "not started" are work left, so
 * --check fails on them.
 */
const FINAL_STATUSES = new Set(["done", "decision", "untestable here", "out of scope"]);
const OPEN_STATUSES = new Set(["partial", "not started"]);
/** Statuses that must say why in the note (and a decision must link decisions.md). */
const NEEDS_REASON = new Set(["decision", "untestable here", "out of scope"]);

// Committed test files only, so the table never points at someone's unfinished work.
function testFiles(): string[] {
  const listing = execFileSync("git", ["ls-files", "-z", "--", "test"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return listing.split("\0").filter((file) => file.endsWith(".test.ts"));
}

/** `test`, `it.each(rows)`, `describe.skipIf(x)`…: the identifier the callee starts from. */
function calleeRoot(node: ts.Expression): string | undefined {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return calleeRoot(node.expression);
  if (ts.isCallExpression(node)) return calleeRoot(node.expression);
  return undefined;
}

function isTestCall(node: ts.Node): node is ts.CallExpression {
  return ts.isCallExpression(node) && TEST_CALLS.has(calleeRoot(node.expression) ?? "");
}

/**
 * The text of every string and template piece inside the file's test/it/describe calls:
 * titles, bodies, and the case tables `each(...)` takes (a table named by a top-level
 * const is read from that const, so "$ids" titles count).
 */
function testStrings(source: ts.SourceFile): string[] {
  const tables = new Map<string, ts.Expression>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer !== undefined)
        tables.set(declaration.name.text, declaration.initializer);
    }
  }
  const strings: string[] = [];
  const collect = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) strings.push(node.text);
    if (isTestCall(node)) collectArguments(node);
    else ts.forEachChild(node, collect);
  };
  const collectArguments = (call: ts.CallExpression): void => {
    for (const argument of call.arguments) {
      const table = ts.isIdentifier(argument) ? tables.get(argument.text) : undefined;
      collect(table ?? argument);
    }
    // `describe.each(rows)(title, body)`: the inner call holds the case table.
    let callee: ts.Expression = call.expression;
    while (ts.isPropertyAccessExpression(callee)) callee = callee.expression;
    if (ts.isCallExpression(callee)) collectArguments(callee);
  };
  const visit = (node: ts.Node): void => {
    if (isTestCall(node)) collectArguments(node);
    else ts.forEachChild(node, visit);
  };
  visit(source);
  return strings;
}

function citationsByFile(): Map<string, Set<string>> {
  const cited = new Map<string, Set<string>>();
  for (const file of testFiles()) {
    const name = relative("test", file);
    const text = readFileSync(join(ROOT, file), "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    for (const match of testStrings(source).join("\n").matchAll(CITATION)) {
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
  const problems: string[] = [];
  const lines = original.split("\n").map((line) => {
    const row = ROW.exec(line);
    if (row === null) return line;
    const [, id = "", , status = "", note = ""] = row;
    listed.add(id);
    const statusName = status.trim();
    statusCounts.set(statusName, (statusCounts.get(statusName) ?? 0) + 1);
    if (!FINAL_STATUSES.has(statusName) && !OPEN_STATUSES.has(statusName))
      problems.push(`${id}: "${statusName}" is not a status of the legend`);
    else if (OPEN_STATUSES.has(statusName)) problems.push(`${id}: still ${statusName}`);
    if (NEEDS_REASON.has(statusName) && note.trim() === "")
      problems.push(`${id}: "${statusName}" needs its reason in the note`);
    if (statusName === "decision" && !note.includes("decisions.md"))
      problems.push(`${id}: a decision links its entry in decisions.md`);
    if (statusName === "done" && !cited.has(id)) problems.push(`${id}: done, but no test cites it`);
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
    for (const problem of problems) console.error(problem);
    if (problems.length > 0) process.exitCode = 1;
    return;
  }
  if (updated !== original) writeFileSync(TABLE_PATH, updated);
}

main();
