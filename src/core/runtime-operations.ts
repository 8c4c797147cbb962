// The runtime's seam for session commands (src/core/operations/): builds the context an
// operation sees, admits and attaches images, and runs commands in one control-queue slot
// that never consumes the ready transition (api.md "Control queue").
import type { ElwoodError } from "../errors.js";
import type { ScreenReading } from "./adapter.js";
import type { ControlQueue, OperationClass } from "./control-queue.js";
import { type OperationContext, sleep } from "./operations/context.js";
import type { ImageAttachFacts } from "./operations/image-attach.js";
import { type AdmittedImages, ImageSubmissions } from "./operations/image-submission.js";
import type { TerminalPort } from "./ports.js";
import { waitForSafeScreen } from "./safe-screen.js";
import type { SessionEvents } from "./session-events.js";
import type { ElwoodSessionStatus } from "./types.js";

export interface RuntimeOperationsHost {
  readonly displayName: string;
  readonly imageFacts: ImageAttachFacts | undefined;
  readonly terminal: TerminalPort;
  readonly events: SessionEvents;
  readonly queue: ControlQueue;
  status(): ElwoodSessionStatus;
  reading(): ScreenReading | undefined;
  isClosed(): boolean;
  notRunning(): ElwoodError;
}

export class RuntimeOperations {
  readonly context: OperationContext;
  readonly #queue: ControlQueue;
  readonly #images: ImageSubmissions;

  constructor(host: RuntimeOperationsHost) {
    const { imageFacts, queue, ...rest } = host;
    const context: OperationContext = {
      ...rest,
      waitForSafeScreen: () =>
        waitForSafeScreen({
          terminal: host.terminal,
          evaluate: () => host.reading(),
          isLive: () => !host.isClosed(),
          notRunning: () => host.notRunning(),
          sleep,
        }),
    };
    this.context = context;
    this.#queue = queue;
    this.#images = new ImageSubmissions({ ...context, facts: imageFacts });
  }

  /** Validates, snapshots and reserves images synchronously (throws invalid_image). */
  admitImages(images: unknown): AdmittedImages {
    return this.#images.admit(images);
  }

  /** Attaches inside the submission's op; `onFailure` runs when nothing was submitted. */
  attachImages(admitted: AdmittedImages, onFailure: () => void): Promise<string> {
    return this.#images.attach(admitted, onFailure);
  }

  /** Runs a command in one queue slot; the queue never hands it the ready transition. */
  run<T>(
    kind: string,
    operationClass: OperationClass,
    run: (context: OperationContext) => Promise<T>,
  ): Promise<T> {
    if (this.context.isClosed()) return Promise.reject(this.context.notRunning());
    let result: { value: T } | undefined;
    const op = async () => {
      result = { value: await run(this.context) };
    };
    return this.#queue
      .enqueue({ kind, operationClass, consumesReady: false, bytes: 0, run: op })
      .then(() => (result as { value: T }).value);
  }
}
