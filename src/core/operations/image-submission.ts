// Images from admission to the composer (prd/operations.md "Images"): the session budget
// is reserved at the call; inside the submission's queue op, before its text, each path is
// pasted and its chip awaited, or (a CLI that reads `@path` references) named before the
// text. Temp files live until the CLI has taken the prompt.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { ElwoodError } from "../../errors.js";
import { bracketedPaste } from "../../terminal/input.js";
import type { SessionContext } from "../context/session-context.js";
import type { ImageAttachFacts, ImageReferenceFacts } from "../contract/operation-facts.js";
import { isTerminalStatus } from "../contract/status.js";
import type { AdmittedImages, ImageSnapshot } from "../contract/turn.js";
import { waitForSafeScreen } from "../screen/safe-screen.js";
import { pollScreen } from "./context.js";
import { ImageBudget } from "./images.js";

const CHIP_CONFIRM_MS = 10_000;
const COMPOSER_SCAN_LINES = 24;

export class ImageSubmissions {
  readonly #context: SessionContext;
  readonly #facts: ImageAttachFacts | ImageReferenceFacts | undefined;
  readonly #budget = new ImageBudget();
  readonly #clearFailedDraft: () => Promise<boolean>;
  readonly #session: SessionPlace;

  /**
   * `clearFailedDraft`: the session's failed-draft cleanup (the composer guard's); `session`:
   * its environment and folder.
   */
  constructor(
    context: SessionContext,
    facts: ImageAttachFacts | ImageReferenceFacts | undefined,
    clearFailedDraft: () => Promise<boolean>,
    session: SessionPlace = { env: {}, cwd: "." },
  ) {
    this.#context = context;
    this.#facts = facts;
    this.#clearFailedDraft = clearFailedDraft;
    this.#session = session;
  }

  /** Reserves synchronously (the images were checked at the call); unsupported_platform. */
  admit(snapshots: readonly ImageSnapshot[]): AdmittedImages {
    if (snapshots.length === 0) return { attach: async () => "", release: () => {} };
    const facts = this.#facts;
    if (facts?.mechanism === "reference") {
      const release = this.#budget.reserve(snapshots);
      return { attach: (onFailure) => this.#reference(snapshots, facts, onFailure), release };
    }
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
    this.#disposeOnceTaken(files);
    return facts.textSeparator;
  }

  /** The images named in the prompt: their references go before its text. */
  async #reference(
    images: readonly ImageSnapshot[],
    facts: ImageReferenceFacts,
    onFailure: () => void,
  ): Promise<string> {
    let files: MaterializedImages;
    try {
      const { env, cwd } = this.#session;
      const folder = await facts.readableFolder?.(env, cwd).catch(() => undefined);
      // A reference ends at whitespace, so a path with any is named through a private copy;
      // with a readable folder, every image is.
      const copy = (path: string) => folder !== undefined || /\s/.test(path);
      files = await materializeImages(images, copy, folder);
    } catch (error) {
      onFailure();
      throw error;
    }
    this.#disposeOnceTaken(files);
    return `${files.paths.map((path) => facts.reference(path)).join(" ")} `;
  }

  // Temp files live until the CLI has taken the prompt (or the session ended).
  #disposeOnceTaken({ dispose }: MaterializedImages): void {
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
  }
}

/** Where the session runs: its environment and folder. */
interface SessionPlace {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
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

/**
 * `copyPath`: which caller paths are named through a private copy instead; `under`: where
 * the private folder is made (default the OS temp folder).
 */
export async function materializeImages(
  images: readonly ImageSnapshot[],
  copyPath: (path: string) => boolean = () => false,
  under: string = tmpdir(),
): Promise<MaterializedImages> {
  const isCopied = (image: ImageSnapshot) => image.kind === "data" || copyPath(image.path);
  if (!images.some(isCopied)) {
    return {
      paths: images.map((image) => (image.kind === "path" ? image.path : "")),
      dispose: async () => {},
    };
  }
  // mkdtemp creates the folder 0700; files are created exclusively with 0600.
  const folder = await mkdtemp(join(under, "elwood-images-"));
  const dispose = () => rm(folder, { recursive: true, force: true }).catch(() => undefined);
  try {
    const paths: string[] = [];
    for (const [index, image] of images.entries()) {
      if (!isCopied(image) && image.kind === "path") {
        paths.push(image.path);
        continue;
      }
      const extension =
        image.kind === "data" ? EXTENSIONS[image.format] : extname(image.path).slice(1) || "img";
      const path = join(folder, `image-${index + 1}.${extension}`);
      const bytes = image.kind === "data" ? image.data : await readFile(image.path);
      await writeFile(path, bytes, { mode: 0o600, flag: "wx" });
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
