// watchFileChanges: wakes on writes to the watched file only, tolerates a file that does
// not exist yet, and reports an unwatchable path as undefined (the caller keeps polling).
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { watchFileChanges } from "../../../src/transcript/change-watch.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "elwood-watch-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const until = async (check: () => boolean, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
};

describe("watchFileChanges", () => {
  it("wakes when the file is created and appended to, not for its neighbours", async () => {
    const path = join(dir, "t.jsonl");
    let wakes = 0;
    const watch = watchFileChanges(path, () => {
      wakes += 1;
    });
    expect(watch).toBeDefined();
    try {
      writeFileSync(join(dir, "other.jsonl"), "x\n");
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(wakes).toBe(0);
      writeFileSync(path, "{}\n");
      expect(await until(() => wakes > 0)).toBe(true);
      const afterCreate = wakes;
      appendFileSync(path, "{}\n");
      expect(await until(() => wakes > afterCreate)).toBe(true);
    } finally {
      watch?.close();
    }
  });

  it("returns undefined when the directory does not exist", () => {
    expect(watchFileChanges(join(dir, "missing", "t.jsonl"), () => {})).toBeUndefined();
  });
});
