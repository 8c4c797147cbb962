// The runtime's session commands (src/core/operations/; their queue slot: its context.ts),
// plus the image admission every submission goes through.
import { ElwoodError } from "../../errors.js";
import type { OperationClass } from "../context/control-queue.js";
import type { SessionContext } from "../context/session-context.js";
import type { AgentOperationFacts } from "../contract/operation-facts.js";
import { runCompact } from "../operations/compact.js";
import type { OperationHost } from "../operations/context.js";
import { ImageSubmissions } from "../operations/image-submission.js";
import { type LoginOptions, LoginRun, normalizeLoginOptions } from "../operations/login.js";
import { LoginExpiryWatch } from "../operations/login-expiry.js";
import { ModelOperations } from "../operations/models/model-operations.js";
import { StartupWarningsWatch } from "../operations/startup-warnings.js";
import type { ComposerGuard } from "../turn/composer-guard.js";

/** Commands that type nothing into the composer (Codex's F2 warnings pager). */
const TYPES_NOTHING: ReadonlySet<string> = new Set(["startup_warnings"]);

export class RuntimeOperations {
  readonly models: ModelOperations;
  readonly #context: SessionContext;
  readonly images: ImageSubmissions;
  readonly #facts: AgentOperationFacts;
  readonly #loginExpiry: LoginExpiryWatch | undefined;
  readonly #composerGuard: ComposerGuard;

  /** `composerGuard`: no command's `/compact`, `/model` or `/login` is typed over a person's draft. */
  constructor(
    options: Omit<OperationHost<AgentOperationFacts>, "run"> & {
      composerGuard: ComposerGuard;
      /** The session's folder (where a CLI reads images from, see ImageReferenceFacts). */
      cwd: string;
    },
  ) {
    const { context, facts, env } = options;
    this.#context = context;
    this.#composerGuard = options.composerGuard;
    this.#facts = facts;
    this.images = new ImageSubmissions(
      context,
      facts.images,
      () => options.composerGuard.clearFailedDraft(),
      { env, cwd: options.cwd },
    );
    this.#loginExpiry =
      facts.login === undefined ? undefined : new LoginExpiryWatch(context, facts.login);
    const run = <T>(kind: string, op: (context: SessionContext) => Promise<T>) =>
      this.run(kind, "readiness", op);
    // Codex's MCP start-up failures, read once per session: the watch subscribes itself.
    if (facts.startupWarnings !== undefined) {
      new StartupWarningsWatch({ context, facts: facts.startupWarnings, env, run });
    }
    this.models = new ModelOperations({ context, facts: facts.models, env, run });
  }

  /** Runs after the current turn, resolves on the compaction-end hook. */
  compact(timeoutMs: number): Promise<void> {
    const facts = this.#facts.compact;
    if (facts === undefined) {
      const agent = this.#context.displayName;
      const error = `${agent} has no compaction command Elwood can drive.`;
      return Promise.reject(new ElwoodError("compact_failed", error));
    }
    return this.run("compact", "readiness", (context) => runCompact(context, facts, timeoutMs));
  }

  /** The login dialog, in an immediate slot: a lapsed login may never give a ready. */
  login(options: LoginOptions): Promise<void> {
    const facts = this.#facts.login;
    if (facts === undefined) {
      const error = `${this.#context.displayName} has no login Elwood can drive.`;
      return Promise.reject(new ElwoodError("login_failed", error));
    }
    const login = new LoginRun(this.#context, facts, normalizeLoginOptions(options, facts));
    return this.run("login", "immediate", () => login.run()).then(() => this.#loginExpiry?.rearm());
  }

  run<T>(
    kind: string,
    operationClass: OperationClass,
    run: (context: SessionContext) => Promise<T>,
  ): Promise<T> {
    const { lifetime, queue } = this.#context;
    if (lifetime.isClosed) return Promise.reject(lifetime.notRunning());
    let result: { value: T } | undefined;
    const op = async () => {
      // A command holds no ready transition to give back while it waits (consumesReady).
      if (!TYPES_NOTHING.has(kind)) {
        await this.#composerGuard.waitForFree({ kind, holdsReadiness: false });
      }
      result = { value: await run(this.#context) };
    };
    return queue
      .enqueue({ kind, operationClass, consumesReady: false, bytes: 0, run: op })
      .then(() => (result as { value: T }).value);
  }
}
