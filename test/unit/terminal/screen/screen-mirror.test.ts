// The parent's mirror of a worker-owned screen: it applies changed rows, follows the row
// count through resizes, and hands out snapshots callers cannot use to change it.

import { describe, expect, it } from "vitest";
import { ScreenMirror } from "../../../../src/terminal/screen/mirror.js";
import { screen } from "../../../support/fake-parse-worker.js";

describe("ScreenMirror", () => {
  it("starts as a blank screen of the given rows with a visible cursor at the origin", () => {
    const mirror = new ScreenMirror(3);
    expect(mirror.snapshot()).toEqual({
      lines: ["", "", ""],
      text: "\n\n",
      cursor: { x: 0, y: 0, isVisible: true },
    });
    expect(mirror.title).toBe("");
  });

  it("applies only the changed rows and keeps the others", () => {
    const mirror = new ScreenMirror(3);
    mirror.apply({ ...screen(3), changed: [0, "top", 2, "bottom"] });
    mirror.apply({
      ...screen(3),
      changed: [2, "last"],
      cursorX: 4,
      cursorY: 2,
      isCursorVisible: false,
      title: "t",
    });
    expect(mirror.snapshot()).toEqual({
      lines: ["top", "", "last"],
      text: "top\n\nlast",
      cursor: { x: 4, y: 2, isVisible: false },
    });
    expect(mirror.title).toBe("t");
  });

  it("drops rows past a smaller row count and adds blank ones for a larger one", () => {
    const mirror = new ScreenMirror(3);
    mirror.apply({ ...screen(3), changed: [0, "a", 1, "b", 2, "c"] });
    mirror.apply({ ...screen(2), changed: [] });
    expect(mirror.snapshot().lines).toEqual(["a", "b"]);
    mirror.apply({ ...screen(4), changed: [3, "d"] });
    expect(mirror.snapshot().lines).toEqual(["a", "b", "", "d"]);
  });

  it("gives each caller its own copy of the lines and cursor", () => {
    const mirror = new ScreenMirror(2);
    mirror.apply({ ...screen(2), changed: [0, "kept"] });
    const first = mirror.snapshot();
    (first.lines as string[])[0] = "changed by a caller";
    (first.cursor as { x: number }).x = 99;
    expect(mirror.snapshot().lines[0]).toBe("kept");
    expect(mirror.snapshot().cursor.x).toBe(0);
  });
});
