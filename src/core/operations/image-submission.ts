// Images from admission to the composer (prd/operations.md "Images"): the session budget
// is reserved at the call; inside the submission's queue op, before its text, each path is
// pasted and its chip awaited. Temp files live until the CLI has taken the prompt.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ElwoodError } from "../../errors.js";
import { bracketedPaste } from "../../terminal/input.js";
import type { SessionContext } from "../context/session-context.js";
import type { ImageAttachFacts } from "../contract/operation-facts.js";
import { isTerminalStatus } from "../contract/status.js";
import type { AdmittedImages, ImageSnapshot } from "../contract/turn.js";
import { waitForSafeScreen } from "../screen/safe-screen.js";
import { pollScreen } from "./context.js";
import { ImageBudget } from "./images.js";

const CHIP_CONFIRM_MS = 10_000;
const COMPOSER_SCAN_LINES = 24;

export class ImageSubmissions {
  readonly #context: SessionContext;
  readonly #facts: ImageAttachFacts | undefined;
  readonly #budget = new ImageBudget();
  readonly #clearFailedDraft: () => Promise<boolean>;

  /** `clearFailedDraft`: the session's failed-draft cleanup (the composer guard's). */
  constructor(
    context: SessionContext,
    facts: ImageAttachFacts | undefined,
    clearFailedDraft: () => Promise<boolean>,
  ) {
    this.#context = context;
    this.#facts = facts;
    this.#clearFailedDraft = clearFailedDraft;
  }

  /** Reserves synchronously (the images were checked at the call); unsupported_platform. */
  admit(snapshots: readonly ImageSnapshot[]): AdmittedImages {
    if (snapshots.length === 0) return { attach: async () => "", release: () => {} };
    const facts = this.#facts;
    if (facts?.mechanism !== "paste-path") {
      const reason =
        facts?.mechanism.unsupported ?? `${this.#context.displayName} cannot attach images`;
      throw new ElwoodError("unsupported_platform", `Images are not supported here: ${reason}.`, {
        details: { platform: process.platform },
      });
    }
    const release = this.#budget.reserve(snapshots);
    return { attach: (onFailure) => this.#attach(snapshots, facts, onFailure), release };
  }

  /** Attaches every image in order inside the caller's queue op; returns the text's separator. */
  async #attach(
    images: readonly ImageSnapshot[],
    facts: ImageAttachFacts,
    onFailure: () => void,
  ): Promise<string> {
    let files: MaterializedImages | undefined;
    try {
      files = await materializeImages(images);
      await attachImagePaths(this.#context, files.paths, facts, this.#clearFailedDraft);
    } catch (error) {
      await files?.dispose();
      onFailure();
      throw error;
    }
    const { dispose } = files;
    const { events } = this.#context;
    const finish = () => {
      offActivity();
      offStatus();
      void dispose();
    };
    const offActivity = events.on("activity", (event) => {
      if (event.kind === "user_message") finish();
    });
    const offStatus = events.on("status", (event) => {
      if (isTerminalStatus(event.status)) finish();
    });
    return facts.textSeparator;
  }
}

/** Counts the attachment chips in the composer region (located by the prompt glyph). */
export function countComposerChips(lines: readonly string[], facts: ImageAttachFacts): number {
  const start = lines.findLastIndex((line) => facts.promptLine.test(line));
  if (start === -1) return 0;
  const below = lines.slice(start + 1, start + COMPOSER_SCAN_LINES);
  const end = below.findIndex((line) => facts.composerEnd.test(line));
  const region = [lines[start], ...(end === -1 ? below : below.slice(0, end))];
  return region.join("\n").match(facts.chip)?.length ?? 0;
}

/** The images' paths, byte images written to private temp files for the CLI to read. */
interface MaterializedImages {
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
  const dispose = () => rm(folder, { recursive: true, force: true }).catch(() => undefined);
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
    const message = "Could not write an image to a private temp file.";
    throw new ElwoodError("image_attach_failed", message, { cause: error });
  }
}

/** Pastes each path and waits for its chip; a miss clears the draft and rejects. */
export async function attachImagePaths(
  context: SessionContext,
  paths: readonly string[],
  facts: ImageAttachFacts,
  clearFailedDraft: () => Promise<boolean>,
): Promise<void> {
  const chips = () => countComposerChips(context.terminal.snapshot().lines, facts);
  await waitForSafeScreen(context);
  const baseline = chips();
  for (const [index, path] of paths.entries()) {
    await waitForSafeScreen(context);
    context.terminal.sendInput(bracketedPaste(path));
    const expected = baseline + index + 1;
    const isShown = (lines: readonly string[]) => countComposerChips(lines, facts) >= expected;
    if ((await pollScreen(context, isShown, CHIP_CONFIRM_MS)) === undefined) {
      if (context.lifetime.isClosed) throw context.lifetime.notRunning();
      await clearFailedDraft();
      throw new ElwoodError(
        "image_attach_failed",
        `Image ${index + 1} of ${paths.length} was not confirmed in the composer within ${CHIP_CONFIRM_MS / 1000} s (no "[Image #N]" chip appeared); nothing was sent. Check that the file is an image the CLI accepts.`,
        { details: { index, confirmedChips: chips() - baseline } },
      );
    }
  }
}
