// ACP content blocks → composer text and images (prd/acp.md "Prompt turns").
import { describe, expect, test } from "vitest";
import { MAX_PROMPT_TEXT_BYTES, promptInput } from "../../../src/acp/prompt-content.js";

const nameOf = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return (error as { data?: { name?: string } }).data?.name;
  }
  return undefined;
};

describe("ACP prompt content", () => {
  test("text, resource links, embedded text resources and images", () => {
    const input = promptInput([
      { type: "text", text: "look at" },
      { type: "resource_link", uri: "file:///ws/a.ts", name: "a.ts" },
      { type: "resource", resource: { uri: "file:///ws/b.ts", text: "const b = 1;" } },
      { type: "image", mimeType: "image/png", data: Buffer.from("png").toString("base64") },
    ]);
    expect(input.text).toBe("look at\n\nfile:///ws/a.ts\n\nfile:///ws/b.ts\nconst b = 1;");
    expect(input.images).toEqual([{ data: Buffer.from("png"), format: "png" }]);
  });

  test("C-ACP-06: refused: too long, empty, audio, binary resources, other image types", () => {
    const tooLong = "x".repeat(MAX_PROMPT_TEXT_BYTES + 1);
    expect(nameOf(() => promptInput([{ type: "text", text: tooLong }]))).toBe("request_too_large");
    expect(nameOf(() => promptInput([{ type: "text", text: "  " }]))).toBe("invalid_options");
    expect(nameOf(() => promptInput([{ type: "audio", mimeType: "audio/wav", data: "" }]))).toBe(
      "invalid_options",
    );
    expect(
      nameOf(() =>
        promptInput([{ type: "resource", resource: { uri: "file:///x", blob: "AA==" } }]),
      ),
    ).toBe("invalid_options");
    expect(nameOf(() => promptInput([{ type: "image", mimeType: "image/tiff", data: "" }]))).toBe(
      "invalid_image",
    );
  });
});
