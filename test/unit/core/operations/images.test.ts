// Image admission and attachment (api.md "Images"): limits and bad entries reject with
// invalid_image before anything is written; chips are counted in the composer only; a
// missing chip clears the draft and rejects with image_attach_failed.
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { CLAUDE_IMAGE_FACTS } from "../../../../src/claude/screen/images.js";
import { CODEX_IMAGE_FACTS } from "../../../../src/codex/screen/images.js";
import type { TerminalPort } from "../../../../src/core/contract/ports.js";
import {
  attachImagePaths,
  countComposerChips,
  materializeImages,
} from "../../../../src/core/operations/image-submission.js";
import {
  IMAGE_LIMITS,
  ImageBudget,
  snapshotImages,
} from "../../../../src/core/operations/images.js";
import { ElwoodError } from "../../../../src/errors.js";
import { fakeOperationContext } from "./fake-operation-context.js";

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "elwood-images-test-"));
  folders.push(folder);
  return folder;
}

function nameOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof ElwoodError ? error.name : `not an ElwoodError: ${String(error)}`;
  }
  return undefined;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe("image admission (C-API-44)", () => {
  test("C-API-44: paths become absolute, buffers are copied, order is kept", async () => {
    const folder = await tempFolder();
    const file = join(folder, "a.png");
    await writeFile(file, PNG);
    const data = Uint8Array.from([1, 2, 3]);
    const snapshots = snapshotImages([{ path: file }, { data, format: "gif" }]);
    data[0] = 9;
    expect(snapshots).toEqual([
      { kind: "path", path: file, bytes: 4 },
      { kind: "data", data: Buffer.from([1, 2, 3]), format: "gif", bytes: 3 },
    ]);
  });

  test("C-API-44: malformed entries, bad formats, empty bytes, directories and missing files are invalid_image", async () => {
    const folder = await tempFolder();
    const empty = join(folder, "empty.png");
    await writeFile(empty, "");
    const cases: unknown[] = [
      "not-an-array",
      [null],
      [{}],
      [{ path: "x", data: PNG, format: "png" }],
      [{ data: PNG, format: "bmp" }],
      [{ data: "bytes", format: "png" }],
      [{ data: new Uint8Array(0), format: "png" }],
      [{ path: folder }],
      [{ path: join(folder, "missing.png") }],
      [{ path: empty }],
      [{ path: "" }],
    ];
    for (const images of cases) expect(nameOf(() => snapshotImages(images))).toBe("invalid_image");
  });

  test("C-API-44: 17 images, a 26 MiB image, or 51 MiB in one submission are refused", () => {
    const small = { data: PNG, format: "png" as const };
    expect(nameOf(() => snapshotImages(Array.from({ length: 16 }, () => small)))).toBeUndefined();
    expect(nameOf(() => snapshotImages(Array.from({ length: 17 }, () => small)))).toBe(
      "invalid_image",
    );
    const big = new Uint8Array(26 * 1024 * 1024);
    expect(nameOf(() => snapshotImages([{ data: big, format: "png" }]))).toBe("invalid_image");
    const twentyFive = new Uint8Array(IMAGE_LIMITS.maxImageBytes);
    const three = Array.from({ length: 3 }, () => ({ data: twentyFive, format: "png" as const }));
    expect(nameOf(() => snapshotImages(three))).toBe("invalid_image");
  });

  test("C-API-44: the session budget holds 200 MiB of queued images and frees it on release", () => {
    const budget = new ImageBudget();
    const forty = snapshotImages([
      { data: new Uint8Array(20 * 1024 * 1024), format: "png" },
      { data: new Uint8Array(20 * 1024 * 1024), format: "png" },
    ]);
    const releases = [1, 2, 3, 4, 5].map(() => budget.reserve(forty));
    expect(nameOf(() => budget.reserve(forty))).toBe("invalid_image");
    releases[0]?.();
    releases[0]?.();
    expect(nameOf(() => budget.reserve(forty))).toBeUndefined();
  });
});

describe("image attachment (C-API-44)", () => {
  test("chips count only in the composer: the last prompt-glyph line down to its end", () => {
    const claude = [
      "❯ [Image #1] [Image #2]describe",
      "  ⎿  [Image #1]",
      "─".repeat(40),
      "❯ [Image #3]",
      "─".repeat(40),
      "  [Image #9] footer",
    ];
    expect(countComposerChips(claude, CLAUDE_IMAGE_FACTS)).toBe(1);
    const codex = ["› [Image #1] describe", "", "› [Image #1] [Image #2]", "", "  status"];
    expect(countComposerChips(codex, CODEX_IMAGE_FACTS)).toBe(2);
    expect(countComposerChips(["no composer"], CODEX_IMAGE_FACTS)).toBe(0);
  });

  function fakeSurface(chipsPerPaste: number) {
    const writes: string[] = [];
    let chips = 0;
    let cleanups = 0;
    const lines = () => ["─".repeat(40), `❯ ${"[Image #1] ".repeat(chips)}`, "─".repeat(40)];
    const terminal = {
      sendInput: (data: string) => {
        writes.push(data);
        if (data.startsWith("\x1b[200~")) chips += chipsPerPaste;
      },
      settled: async () => {},
      snapshot: () => ({ lines: lines() }),
    } as unknown as TerminalPort;
    const surface = fakeOperationContext({ displayName: "Claude Code", terminal });
    const clearFailedDraft = async () => {
      cleanups += 1;
      return true;
    };
    return { surface, clearFailedDraft, writes, cleanups: () => cleanups };
  }

  test("C-API-44: each path is bracket-pasted in order and confirmed by its chip", async () => {
    const { surface, clearFailedDraft, writes, cleanups } = fakeSurface(1);
    await attachImagePaths(surface, ["/a.png", "/b.png"], CLAUDE_IMAGE_FACTS, clearFailedDraft);
    expect(writes).toEqual(["\x1b[200~/a.png\x1b[201~", "\x1b[200~/b.png\x1b[201~"]);
    expect(cleanups()).toBe(0);
  });

  test("C-API-44: no chip within the bound → image_attach_failed and the draft is cleared", async () => {
    const { surface, clearFailedDraft, writes, cleanups } = fakeSurface(0);
    const realNow = Date.now;
    let now = realNow();
    Date.now = () => (now += 1000);
    try {
      const error = await attachImagePaths(
        surface,
        ["/a.png"],
        CLAUDE_IMAGE_FACTS,
        clearFailedDraft,
      ).catch((reason: unknown) => reason);
      expect((error as ElwoodError).name).toBe("image_attach_failed");
    } finally {
      Date.now = realNow;
    }
    // The session's failed-draft cleanup (core/screen/draft-cleanup.ts) erases the draft.
    expect(writes).toEqual(["\x1b[200~/a.png\x1b[201~"]);
    expect(cleanups()).toBe(1);
  });

  test("data images go to a private 0700 folder as 0600 files, removed on dispose", async () => {
    const files = await materializeImages(
      snapshotImages([
        { data: PNG, format: "jpeg" },
        { data: PNG, format: "png" },
      ]),
    );
    const [first] = files.paths;
    expect(first).toMatch(/image-1\.jpg$/);
    expect((await stat(first as string)).mode & 0o777).toBe(0o600);
    expect((await stat(join(first as string, ".."))).mode & 0o777).toBe(0o700);
    await files.dispose();
    await expect(stat(first as string)).rejects.toThrow();
  });

  test("a reference CLI: paths it is told to copy and data go, in order, to a private folder under the one given", async () => {
    const under = await tempFolder();
    const source = await tempFolder();
    const spaced = join(source, "with space.png");
    const plain = join(source, "plain.png");
    await writeFile(spaced, PNG);
    await writeFile(plain, PNG);
    const files = await materializeImages(
      snapshotImages([{ path: spaced }, { path: plain }, { data: PNG, format: "gif" }]),
      (path) => path.includes(" "),
      under,
    );
    const [first, second, third] = files.paths;
    expect(first).toMatch(new RegExp(`^${under}/elwood-images-[^/]+/image-1\\.png$`));
    expect(second).toBe(plain);
    expect(third).toMatch(/image-3\.gif$/);
    expect(await readFile(first as string)).toEqual(PNG);
    await files.dispose();
    await expect(stat(first as string)).rejects.toThrow();
    expect(await readFile(plain)).toEqual(PNG);
  });
});
