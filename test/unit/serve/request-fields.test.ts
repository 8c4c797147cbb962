// POST /api/sessions/:id/send bodies (prd/serve.md): text plus images, each `{ path }` or
// base64 `{ data, format }`; a malformed entry is invalid_options naming the field.
import { describe, expect, test } from "vitest";
import { promptOf } from "../../../src/serve/request-fields.js";

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

describe("promptOf", () => {
  test("C-APP-01: text alone, or with path and base64 images in order", () => {
    expect(promptOf({ text: "hi" })).toEqual({ text: "hi", images: [] });
    const prompt = promptOf({
      text: "look",
      images: [{ path: "/tmp/a.png" }, { data: PNG, format: "png" }],
    });
    expect(prompt.images[0]).toEqual({ path: "/tmp/a.png" });
    const bytes = prompt.images[1] as { data: Uint8Array; format: string };
    expect(bytes.format).toBe("png");
    expect(Buffer.from(bytes.data).toString("base64")).toBe(PNG);
  });

  test.each([
    [{ images: "x" }, "images"],
    [{ images: ["x"] }, "images[0]"],
    [{ images: [{ path: "relative.png" }] }, "images[0].path"],
    [{ images: [{ data: PNG, format: "bmp" }] }, "images[0].format"],
    [{ images: [{ data: "not base64!", format: "png" }] }, "images[0].data"],
    [{ images: [{ path: "/tmp/a.png", data: PNG, format: "png" }] }, "images[0]"],
  ])("C-APP-02: %j is invalid_options naming %s", (extra, option) => {
    expect(() => promptOf({ text: "hi", ...extra })).toThrow(
      expect.objectContaining({ name: "invalid_options", details: { option } }),
    );
  });
});
