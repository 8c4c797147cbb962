// Version-scoped screen facts: what differs by version is said by the table, never by an
// `if` in code. An unknown version (unparseable `--version`) keeps every row.
import { compareVersions } from "../../shell/version.js";
import type { ScreenFact, ScreenFacts } from "./types.js";

const cache = new WeakMap<ScreenFacts, Map<string, ScreenFacts>>();

export function isFactForVersion(fact: ScreenFact, version: string): boolean {
  const { from, before } = fact.versions ?? {};
  if (from !== undefined && compareVersions(version, from) < 0) return false;
  if (before !== undefined && compareVersions(version, before) >= 0) return false;
  return true;
}

export function factsForVersion(all: ScreenFacts, version: string | undefined): ScreenFacts {
  if (version === undefined) return all;
  const byVersion = cache.get(all) ?? new Map<string, ScreenFacts>();
  cache.set(all, byVersion);
  const rows = () => all.rows.filter((fact) => isFactForVersion(fact, version));
  const facts = byVersion.get(version) ?? { ...all, rows: rows() };
  byVersion.set(version, facts);
  return facts;
}
