// The prd tables printed from the code, so the documents cannot drift from it (issue 43
// Done-when 2). Each table sits in its prd file between two marker comments; the unit test
// test/unit/prd-tables.test.ts fails when a block differs from what this renders.
//
//   npx tsx scripts/dev/prd-tables.ts   rewrite every block in place

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ELWOOD_AGENTS } from "../../src/agents.js";
import { READINESS_BOUNDS } from "../../src/core/runtime/readiness.js";
import { TURN_END_LEDGER } from "../../src/core/turn/turn-end-ledger.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

export interface PrdTable {
  /** The prd file, from the repository root. */
  readonly file: string;
  /** The marker's name: `<!-- table:<name> -->` … `<!-- /table:<name> -->`. */
  readonly name: string;
  render(): string;
}

function turnEndLedgerTable(): string {
  const rows = TURN_END_LEDGER.map((move) => {
    const to = move.countsDown === true ? `${move.to} (once no more are owed)` : move.to;
    return `| \`${move.from}\` | \`${move.on}\` | \`${to}\` | ${move.verdict} | ${move.why} |`;
  });
  return ["| from | on | to | the signal is | why |", "|---|---|---|---|---|", ...rows].join("\n");
}

function readinessBoundsTable(): string {
  const rows = Object.values(READINESS_BOUNDS).map(
    (bound) => `| ${bound.name} | ${bound.ms.toLocaleString("en-US")} ms | ${bound.why} |`,
  );
  return ["| bound | value | why, and the measurement behind it |", "|---|---|---|", ...rows].join(
    "\n",
  );
}

function readinessEvidenceTable(): string {
  const rows = ELWOOD_AGENTS.agents.map((agent) => {
    const evidence = agent.readiness;
    const hooks = evidence.initialReadyHooks.map((name) => `\`${name}\``).join(", ") || "none";
    const settle =
      evidence.coldStartComposerSettleMs === undefined
        ? "no"
        : `${evidence.coldStartComposerSettleMs.toLocaleString("en-US")} ms`;
    const yesNo = (value: boolean) => (value ? "yes" : "no");
    return `| ${agent.displayName} | ${hooks} | ${yesNo(evidence.composerAfterSessionStartIsReady)} | ${settle} | ${yesNo(evidence.composerIsReadyOnResume)} |`;
  });
  return [
    "| agent | pre-input hooks | idle composer after session start | idle composer settled (cold start) | first idle composer on resume |",
    "|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

export const PRD_TABLES: readonly PrdTable[] = [
  { file: "prd/internals.md", name: "turn-end-ledger", render: turnEndLedgerTable },
  { file: "prd/runtime.md", name: "readiness-evidence", render: readinessEvidenceTable },
  { file: "prd/runtime.md", name: "readiness-bounds", render: readinessBoundsTable },
];

const START = (name: string) =>
  `<!-- table:${name} (generated: npx tsx scripts/dev/prd-tables.ts) -->`;
const END = (name: string) => `<!-- /table:${name} -->`;

/** The block between a table's markers in `text`, or undefined when a marker is missing. */
export function blockIn(text: string, name: string): string | undefined {
  const start = text.indexOf(START(name));
  const end = text.indexOf(END(name));
  if (start === -1 || end === -1 || end < start) return undefined;
  return text.slice(start + START(name).length, end).trim();
}

function rewrite(table: PrdTable): void {
  const path = join(ROOT, table.file);
  const text = readFileSync(path, "utf8");
  const start = text.indexOf(START(table.name));
  const end = text.indexOf(END(table.name));
  if (start === -1 || end === -1) throw new Error(`${table.file} has no ${table.name} markers`);
  const block = `${START(table.name)}\n${table.render()}\n${END(table.name)}`;
  writeFileSync(path, text.slice(0, start) + block + text.slice(end + END(table.name).length));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const table of PRD_TABLES) rewrite(table);
}
