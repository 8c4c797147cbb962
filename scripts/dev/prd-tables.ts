// The prd tables printed from the code, so the documents cannot drift from it (issue 43
// Done-when 2). Each table sits in its prd file between two marker comments; the unit test
// test/unit/prd-tables.test.ts fails when a block differs from what this renders.
//
//   npx tsx scripts/dev/prd-tables.ts   rewrite every block in place

import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ELWOOD_AGENTS } from "../../src/agents.js";
import {
  STATUS_EVIDENCE,
  type StatusEvidence,
  StatusMachine,
} from "../../src/core/context/status-machine.js";
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

/** The states a session's status machine can be in, each reached by the evidence that gets there. */
const STATUS_STATES: readonly {
  readonly label: string;
  readonly path: readonly StatusEvidence[];
}[] = [
  { label: "starting", path: [] },
  { label: "running, before ready", path: ["started"] },
  { label: "blocked, before ready", path: ["started", "dialog_visible"] },
  { label: "ready", path: ["started", "initial_ready"] },
  { label: "running", path: ["started", "initial_ready", "submitted"] },
  { label: "blocked", path: ["started", "initial_ready", "dialog_visible"] },
  { label: "exited / stopped / killed", path: ["started", "exited"] },
];

/** Where the code reports each piece of evidence: every literal `status.apply("…"` in src. */
function evidenceReporters(): Map<string, Set<string>> {
  const reporters = new Map<string, Set<string>>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts")) {
        const text = readFileSync(path, "utf8");
        for (const match of text.matchAll(/status\.apply\(\s*"([a-z_]+)"/g)) {
          const file = relative(join(ROOT, "src"), path);
          const evidence = match[1] ?? "";
          reporters.set(evidence, (reporters.get(evidence) ?? new Set()).add(file));
        }
      }
    }
  };
  walk(join(ROOT, "src"));
  return reporters;
}

function statusDecisionsTable(): string {
  const reporters = evidenceReporters();
  const rows = STATUS_EVIDENCE.map((evidence) => {
    const cells = STATUS_STATES.map(({ path }) => {
      const machine = new StatusMachine({ now: () => 0 });
      for (const step of path) machine.apply(step, "table");
      const from = machine.status;
      const to = machine.apply(evidence, "table");
      return to === undefined || to === from ? "·" : `\`${to}\``;
    });
    const files = [...(reporters.get(evidence) ?? [])].sort();
    const where =
      files.length > 0
        ? files.map((file) => `\`${file}\``).join(", ")
        : "`core/runtime/runtime.ts` (the close-down's final status)";
    return `| \`${evidence}\` | ${cells.join(" | ")} | ${where} |`;
  });
  const header = STATUS_STATES.map((state) => state.label).join(" | ");
  const rule = STATUS_STATES.map(() => "---").join("|");
  return [`| evidence | ${header} | reported by |`, `|---|${rule}|---|`, ...rows].join("\n");
}

export const PRD_TABLES: readonly PrdTable[] = [
  { file: "prd/internals.md", name: "turn-end-ledger", render: turnEndLedgerTable },
  { file: "prd/runtime.md", name: "readiness-evidence", render: readinessEvidenceTable },
  { file: "prd/runtime.md", name: "readiness-bounds", render: readinessBoundsTable },
  { file: "prd/runtime.md", name: "status-decisions", render: statusDecisionsTable },
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
