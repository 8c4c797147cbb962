// Attaching snapshotted images to the composer inside one queue op, before the text is
// pasted (api.md "Images"): each image's absolute path is bracket-pasted and its
// `[Image #N]` chip must appear in the composer within 10 s; otherwise the draft is
// cleared and the op fails with image_attach_failed, so no text is ever sent.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ElwoodError } from "../../errors.js";
import { bracketedPaste } from "../../terminal/input.js";
import type { ImageAttachFacts } from "../contract/operation-facts.js";
import type { ImageSnapshot } from "./images.js";

export const CHIP_CONFIRM_MS = 10_000;
const CHIP_POLL_MS = 100;
const COMPOSER_SCAN_LINES = 24;

export interface ImageAttachSurface {
  write(data: string): void;
  /** Waits until everything received is rendered and no dialog is up (C-API-56). */
  waitForSafeScreen(): Promise<void>;
  /** Resolves once every byte received so far is rendered. */
  settled(): Promise<void>;
  lines(): readonly string[];
  sleep(ms: number): Promise<void>;
  now(): number;
  isClosed(): boolean;
  notRunning(): ElwoodError;
  /** Erases the partial draft, confirmed or left due for the next op (screen/draft-cleanup.ts). */
  clearFailedDraft(): Promise<boolean>;
}

/** Counts the attachment chips in the composer region (located by the prompt glyph). */
export function countComposerChips(lines: readonly string[], facts: ImageAttachFacts): number {
  let start = -1;
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    if (facts.promptLine.test(lines[index] ?? "")) {
      start = index;
      break;
    }
  }
  if (start === -1) return 0;
  const region: string[] = [lines[start] ?? ""];
  for (
    let index = start + 1;
    index < Math.min(lines.length, start + COMPOSER_SCAN_LINES);
    index++
  ) {
    const line = lines[index] ?? "";
    if (facts.composerEnd.test(line)) break;
    region.push(line);
  }
  return region.join("\n").match(facts.chip)?.length ?? 0;
}

/** Data images written to a private temp folder (0700 dir, 0600 files) for the CLI to read. */
export interface MaterializedImages {
  readonly paths: readonly string[];
  /** Removes the temp folder; idempotent, best-effort. */
  dispose(): Promise<void>;
}

const EXTENSIONS = { png: "png", jpeg: "jpg", gif: "gif", webp: "webp" } as const;

export async function materializeImages(
  images: readonly ImageSnapshot[],
): Promise<MaterializedImages> {
  if (!images.some((image) => image.kind === "data")) {
    return {
      paths: images.map((image) => (image.kind === "path" ? image.path : "")),
      dispose: async () => {},
    };
  }
  // mkdtemp creates the folder 0700; files are created exclusively with 0600.
  const folder = await mkdtemp(join(tmpdir(), "elwood-images-"));
  let isDisposed = false;
  const dispose = async () => {
    if (isDisposed) return;
    isDisposed = true;
    await rm(folder, { recursive: true, force: true }).catch(() => undefined);
  };
  try {
    const paths: string[] = [];
    for (const [index, image] of images.entries()) {
      if (image.kind === "path") {
        paths.push(image.path);
        continue;
      }
      const path = join(folder, `image-${index + 1}.${EXTENSIONS[image.format]}`);
      await writeFile(path, image.data, { mode: 0o600, flag: "wx" });
      paths.push(path);
    }
    return { paths, dispose };
  } catch (error) {
    await dispose();
    throw new ElwoodError(
      "image_attach_failed",
      "Could not write an image to a private temp file.",
      {
        cause: error,
      },
    );
  }
}

/** Pastes each path and waits for its chip; on a miss clears the draft and rejects. */
export async function attachImagePaths(
  surface: ImageAttachSurface,
  paths: readonly string[],
  facts: ImageAttachFacts,
): Promise<void> {
  await surface.waitForSafeScreen();
  const baseline = countComposerChips(surface.lines(), facts);
  for (const [index, path] of paths.entries()) {
    await surface.waitForSafeScreen();
    surface.write(bracketedPaste(path));
    const isConfirmed = await waitForChips(surface, facts, baseline + index + 1);
    if (!isConfirmed) {
      if (surface.isClosed()) throw surface.notRunning();
      await surface.clearFailedDraft();
      throw new ElwoodError(
        "image_attach_failed",
        `Image ${index + 1} of ${paths.length} was not confirmed in the composer within ${CHIP_CONFIRM_MS / 1000} s (no "[Image #N]" chip appeared); nothing was sent. Check that the file is an image the CLI accepts.`,
        {
          details: { index, confirmedChips: countComposerChips(surface.lines(), facts) - baseline },
        },
      );
    }
  }
}

async function waitForChips(
  surface: ImageAttachSurface,
  facts: ImageAttachFacts,
  expected: number,
): Promise<boolean> {
  const deadline = surface.now() + CHIP_CONFIRM_MS;
  while (surface.now() < deadline) {
    if (surface.isClosed()) throw surface.notRunning();
    await surface.settled();
    if (countComposerChips(surface.lines(), facts) >= expected) return true;
    await surface.sleep(CHIP_POLL_MS);
  }
  return false;
}
