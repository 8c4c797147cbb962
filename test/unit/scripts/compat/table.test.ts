// The compat matrix's markdown table and the README block it replaces (scripts/compat).
import { describe, expect, it } from "vitest";
import { CHECK_IDS, COMPAT_CHECKS } from "../../../../scripts/compat/checks.js";
import {
  README_END,
  README_START,
  renderTable,
  type VersionRow,
  withMatrix,
} from "../../../../scripts/compat/table.js";

const outcomes = (fail: string[] = []): VersionRow["outcomes"] =>
  Object.fromEntries(
    CHECK_IDS.map((id) => [
      id,
      fail.includes(id) ? "fail" : id === "three-messages" ? "n/a" : "pass",
    ]),
  ) as VersionRow["outcomes"];

describe("compat matrix table", () => {
  it("one row per version, one column per check, in CHECK_IDS order", () => {
    const table = renderTable([
      { label: "codex 0.124.0", outcomes: outcomes() },
      { label: "codex 0.150.0", outcomes: outcomes(["resume"]) },
    ]).split("\n");
    expect(table[0]).toBe(`| CLI version | ${CHECK_IDS.join(" | ")} |`);
    expect(table).toHaveLength(4);
    const cells = (row: string | undefined) =>
      (row ?? "")
        .split("|")
        .slice(2, -1)
        .map((c) => c.trim());
    expect(cells(table[2])).toEqual(CHECK_IDS.map((id) => (id === "three-messages" ? "–" : "✅")));
    expect(cells(table[3])[CHECK_IDS.indexOf("resume")]).toBe("❌");
  });

  it("replaces only the block between the README markers, and refuses a README without them", () => {
    const readme = `# x\n${README_START}\nold\n${README_END}\ntail\n`;
    expect(withMatrix(readme, "new")).toBe(`# x\n${README_START}\nnew\n${README_END}\ntail\n`);
    expect(() => withMatrix("# no markers\n", "new")).toThrow(/markers/);
  });

  it("every check names an e2e file and a test name that exists in it", async () => {
    const { readFile } = await import("node:fs/promises");
    for (const checks of Object.values(COMPAT_CHECKS)) {
      for (const check of Object.values(checks)) {
        const text = await readFile(check.file, "utf8");
        // The describe prefix is not in the title; the part after it must be.
        const title = check.testName.replace(/^.*?against the real CLI /, "");
        expect(text, `${check.id} in ${check.file}`).toContain(title);
      }
    }
  });
});
