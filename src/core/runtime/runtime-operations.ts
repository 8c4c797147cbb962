// The runtime's seam for session commands (src/core/operations/): builds the context an
// operation sees, admits and attaches images, and runs commands in one control-queue slot
// that never consumes the ready transition (api.md "Control queue").
import { ElwoodError } from "../../errors.js";
import type { ControlQueue, OperationClass } from "../context/control-queue.js";
import type { SessionEvents } from "../context/session-events.js";
import type { ScreenReading } from "../contract/adapter.js";
import type { AgentOperationFacts } from "../contract/operation-facts.js";
import type { TerminalPort } from "../contract/ports.js";
import type { CompactOptions } from "../contract/session.js";
import type { ElwoodSessionStatus } from "../contract/status.js";
import { compactTimeout, runCompact } from "../operations/compact.js";
import { type OperationContext, sleep } from "../operations/context.js";
import { ImageSubmissions } from "../operations/image-submission.js";
import { type LoginOptions, normalizeLoginOptions, runLogin } from "../operations/login.js";
import { LoginExpiryWatch } from "../operations/login-expiry.js";
import { ModelOperations } from "../operations/models/model-operations.js";
import { StartupWarningsWatch } from "../operations/startup-warnings.js";
import { waitForSafeScreen } from "../screen/safe-screen.js";
import type { AdmittedImageHandle } from "../turn/session-turns.js";

export interface RuntimeOperationsHost {
  readonly displayName: string;
  readonly facts: AgentOperationFacts;
  /** The session's launch environment (where the CLI keeps its config). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly terminal: TerminalPort;
  readonly events: SessionEvents;
  readonly queue: () => ControlQueue;
  status(): ElwoodSessionStatus;
  reading(): ScreenReading | undefined;
  isClosed(): boolean;
  notRunning(): ElwoodError;
}

export class RuntimeOperations {
  readonly context: OperationContext;
  readonly #queue: () => ControlQueue;
  readonly #images: ImageSubmissions;
  readonly #facts: AgentOperationFacts;
  readonly #loginExpiry: LoginExpiryWatch | undefined;
  readonly #startupWarnings: StartupWarningsWatch | undefined;
  /** listModels()/setModel() through the CLI's `/model` picker. */
  readonly models: ModelOperations;

  constructor(host: RuntimeOperationsHost) {
    const { facts, queue, env, ...rest } = host;
    this.#facts = facts;
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
    this.#images = new ImageSubmissions({ ...context, facts: facts.images });
    this.#loginExpiry =
      facts.login === undefined
        ? undefined
        : new LoginExpiryWatch({ events: host.events, facts: facts.login, reading: host.reading });
    this.#startupWarnings =
      facts.startupWarnings === undefined
        ? undefined
        : new StartupWarningsWatch({
            context,
            facts: facts.startupWarnings,
            env,
            run: (read) => this.run("startup_warnings", "readiness", read),
          });
    this.models = new ModelOperations({
      context,
      facts: facts.models,
      env,
      run: (kind, run) => this.run(kind, "readiness", run),
    });
  }

  /** Validates, snapshots and reserves images synchronously (throws invalid_image). */
  admitImages(images: unknown): AdmittedImageHandle {
    const admitted = this.#images.admit(images);
    return {
      count: admitted.images.length,
      attach: (onFailure) => this.#images.attach(admitted, onFailure),
      release: admitted.release,
    };
  }

  /** Readiness-waiting: runs after the current turn, resolves on the compaction-end hook. */
  compact(options?: CompactOptions): Promise<void> {
    const timeoutMs = compactTimeout(options);
    const facts = this.#facts.compact;
    if (facts === undefined) {
      return Promise.reject(
        new ElwoodError(
          "compact_failed",
          `${this.context.displayName} has no compaction command Elwood can drive.`,
        ),
      );
    }
    return this.run("compact", "readiness", (context) => runCompact(context, facts, timeoutMs));
  }

  /**
   * Drives the CLI's login dialog in one exclusive slot (immediate class: it does not wait
   * for a ready that a lapsed login may never give, only for a safe screen).
   */
  login(options: LoginOptions): Promise<void> {
    const facts = this.#facts.login;
    if (facts === undefined) {
      return Promise.reject(
        new ElwoodError(
          "login_failed",
          `${this.context.displayName} has no login Elwood can drive.`,
        ),
      );
    }
    const normalized = normalizeLoginOptions(options, facts);
    return this.run("login", "immediate", (context) => runLogin(context, facts, normalized)).then(
      () => this.#loginExpiry?.rearm(),
    );
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
    return this.#queue()
      .enqueue({ kind, operationClass, consumesReady: false, bytes: 0, run: op })
      .then(() => (result as { value: T }).value);
  }
}
