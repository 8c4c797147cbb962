// Version-scoped screen facts: a row whose `versions` range excludes the running CLI's
// version is left out of the table before matching, so what differs by version is said by
// the TABLE (data), never by an `if` in code. Rows without a range apply to every version;
// an unknown version (unparseable `--version`) keeps every row.
import { compareVersions } from "../../shell/version.js";
import type { ScreenFact, ScreenFactTable } from "./types.js";

const cache = new WeakMap<ScreenFactTable, Map<string, ScreenFactTable>>();

export function isFactForVersion(fact: ScreenFact, version: string): boolean {
  const { from, before } = fact.versions ?? {};
  if (from !== undefined && compareVersions(version, from) < 0) return false;
  if (before !== undefined && compareVersions(version, before) >= 0) return false;
  return true;
}

export function factsForVersion(
  table: ScreenFactTable,
  version: string | undefined,
): ScreenFactTable {
  if (version === undefined) return table;
  let byVersion = cache.get(table);
  if (byVersion === undefined) {
    byVersion = new Map();
    cache.set(table, byVersion);
  }
  let facts = byVersion.get(version);
  if (facts === undefined) {
    facts = table.filter((fact) => isFactForVersion(fact, version));
    byVersion.set(version, facts);
  }
  return facts;
}
