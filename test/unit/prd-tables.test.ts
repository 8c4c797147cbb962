// The prd tables printed from the code (issue 43 Done-when 2): each block between its
// markers must be exactly what scripts/dev/prd-tables.ts renders, so a change to the code's
// table without `npx tsx scripts/dev/prd-tables.ts` fails here.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { blockIn, PRD_TABLES } from "../../scripts/dev/prd-tables.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("prd tables printed from the code", () => {
  test.each(PRD_TABLES.map((table) => [`${table.file} ${table.name}`, table] as const))(
    "%s matches the code",
    (_name, table) => {
      const text = readFileSync(path.join(ROOT, table.file), "utf8");
      expect(blockIn(text, table.name)).toBe(table.render());
    },
  );

  test("a block that drifted from the code is found", () => {
    const [table] = PRD_TABLES;
    if (table === undefined) throw new Error("no prd table");
    const text = readFileSync(path.join(ROOT, table.file), "utf8");
    const drifted = text.replace(
      "| `clear` | `turn_end_hook` | `clear` |",
      "| `clear` | `turn_end_hook` | `hook_owed` |",
    );
    expect(drifted).not.toBe(text);
    expect(blockIn(drifted, table.name)).not.toBe(table.render());
  });
});
