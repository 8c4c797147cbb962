// The runtime's image seam: admission (validate, snapshot, reserve the session budget)
// happens synchronously at the call; attachment happens inside the submission's queue
// op, before its text; private temp files live until the CLI has taken the prompt
// (its user_message) or the session ends.
import { ElwoodError } from "../../errors.js";
import type { ImageAttachFacts } from "../contract/operation-facts.js";
import { isTerminalStatus } from "../contract/status.js";
import type { AdmittedImages, ImageSnapshot } from "../contract/turn.js";
import type { OperationContext } from "./context.js";
import { attachImagePaths, type MaterializedImages, materializeImages } from "./image-attach.js";
import { ImageBudget } from "./images.js";

export class ImageSubmissions {
  readonly #context: OperationContext;
  readonly #facts: ImageAttachFacts | undefined;
  readonly #budget = new ImageBudget();
  readonly #clearFailedDraft: () => Promise<boolean>;

  /** `clearFailedDraft`: the session's failed-draft cleanup (the composer guard's). */
  constructor(
    context: OperationContext,
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
    if (facts === undefined || facts.mechanism !== "paste-path") {
      const reason =
        facts === undefined || facts.mechanism === "paste-path"
          ? `${this.#context.displayName} cannot attach images`
          : facts.mechanism.unsupported;
      throw new ElwoodError("unsupported_platform", `Images are not supported here: ${reason}.`, {
        details: { platform: process.platform },
      });
    }
    const release = this.#budget.reserve(snapshots);
    return { attach: (onFailure) => this.#attach(snapshots, facts, onFailure), release };
  }

  /**
   * Attaches every image in order inside the caller's queue op; returns what to type
   * before the text. Temp files are removed once the CLI has taken the prompt.
   */
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
    this.#disposeAfterPromptTaken(files.dispose);
    return facts.textSeparator;
  }

  #disposeAfterPromptTaken(dispose: () => Promise<void>): void {
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
