// ElwoodApprovals (prd/approvals.md): PermissionRequests parked as pending approvals a human
// answers from anywhere. Each handler's deadline runs just past the expiry, so only this
// event waits minutes (bridge/handler-timeout.ts) and every other hook keeps its own.

import type { ElwoodHookContext } from "../bridge/catalogue.js";
import { withHandlerTimeout } from "../bridge/handler-timeout.js";
import { MAX_HOOK_TIMEOUT_MS } from "../bridge/limits.js";
import { ApprovalBroker } from "../core/approvals/broker.js";
import type {
  ElwoodApproval,
  ElwoodApprovalAnswer,
  ElwoodApprovalEvent,
} from "../core/approvals/types.js";
import { permissionDialogOf } from "../core/contract/permission-dialog.js";
import type { AgentAppFacts, ScreenAnsweredApprovalFacts } from "../core/launch/app-facts.js";
import { ElwoodError } from "../errors.js";

/** Default time a pending approval waits for a human: five minutes. */
export const DEFAULT_APPROVAL_EXPIRY_MS = 5 * 60_000;

/** The handler's deadline runs this long past the expiry, so expiry always settles first. */
const HANDLER_MARGIN_MS = 5_000;

/** Longest message sent back with a deny. */
const MAX_DENY_MESSAGE_CHARS = 4_096;

export interface ElwoodApprovalsOptions {
  /** Milliseconds before a pending approval expires and the CLI shows its own dialog. */
  readonly expireAfterMs?: number;
}

/** The approvals broker; the package root's ElwoodApprovals adds each agent's own `hooks`. */
export class ElwoodApprovalsBase {
  readonly expireAfterMs: number;
  readonly #broker: ApprovalBroker;
  readonly #handlerTimeoutMs: number;

  constructor(options: ElwoodApprovalsOptions = {}) {
    this.expireAfterMs = expiryOf(options);
    this.#broker = new ApprovalBroker(this.expireAfterMs);
    this.#handlerTimeoutMs = this.expireAfterMs + HANDLER_MARGIN_MS;
  }

  /**
   * `hooks` for a session of `agent` (a registry entry): its permission hook's prompts
   * become pending approvals; {} for an agent that declares none.
   */
  hooksFor(agent: { readonly app: AgentAppFacts }): Record<string, unknown> {
    const facts = agent.app.approvals;
    if (facts === undefined) return {};
    if (facts.answeredOnScreen === true) {
      // The hook returns at once (the CLI draws its dialog only after it), so it keeps the
      // session's own hook deadline.
      return {
        [facts.hookName]: (event: unknown, context: ElwoodHookContext) => {
          this.#parkOnScreen(facts, event, context);
        },
      };
    }
    const handler = async (event: unknown, { signal }: { readonly signal: AbortSignal }) => {
      const request = facts.request(event as never);
      if (request === undefined) return undefined;
      const answer = await this.#broker.park(request, signal);
      return answer === undefined ? undefined : facts.result(answer);
    };
    return { [facts.hookName]: withHandlerTimeout(handler, this.#handlerTimeoutMs) };
  }

  /**
   * An announced permission dialog becomes a pending approval once a frame shows it, and
   * stays one while it shows: the answer types its key; a dialog gone (answered at the
   * terminal, interrupted) or a session ended cancels it (prd/approvals.md "On screen").
   */
  #parkOnScreen(
    facts: ScreenAnsweredApprovalFacts<never>,
    event: unknown,
    context: ElwoodHookContext,
  ): void {
    const request = facts.request(event as never);
    const port = permissionDialogOf(context);
    if (request === undefined || port === undefined) return;
    const announced = port.announced();
    void (async () => {
      const shown = await announced;
      if (shown === undefined) return;
      const answer = await this.#broker.park(request, shown.gone, () => shown.stillShown());
      if (answer !== undefined) shown.answer(answer.behavior);
    })();
  }

  /** The approvals waiting for an answer, oldest first. */
  pending(): readonly ElwoodApproval[] {
    return this.#broker.pending();
  }

  /**
   * First answer wins. Throws `invalid_approval` for a bad answer, `approval_not_found` for
   * an unknown id, `approval_settled` once it was answered, expired or cancelled.
   */
  answer(id: string, answer: ElwoodApprovalAnswer): ElwoodApproval {
    if (typeof id !== "string" || id === "") {
      throw invalidApproval("`id` must be a non-empty approval id string.");
    }
    return this.#broker.answer(id, checkedAnswer(answer));
  }

  /** Every created, answered, expired and cancelled approval; returns the unsubscribe. */
  on(listener: (event: ElwoodApprovalEvent) => void): () => void {
    if (typeof listener !== "function") throw invalidApproval("`listener` must be a function.");
    return this.#broker.on(listener);
  }

  /** Cancels every pending approval with no decision (the CLIs show their own dialogs). */
  close(): void {
    this.#broker.close();
  }
}

function invalidApproval(message: string): ElwoodError {
  return new ElwoodError("invalid_approval", message);
}

function expiryOf(options: ElwoodApprovalsOptions): number {
  if (typeof options !== "object" || options === null) {
    throw new ElwoodError("invalid_options", "ElwoodApprovals options must be an object.");
  }
  const value = options.expireAfterMs ?? DEFAULT_APPROVAL_EXPIRY_MS;
  const max = MAX_HOOK_TIMEOUT_MS - HANDLER_MARGIN_MS;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new ElwoodError(
      "invalid_options",
      `\`expireAfterMs\` must be a whole number of milliseconds from 1 to ${max}; got ${String(value)}.`,
      { details: { option: "expireAfterMs" } },
    );
  }
  return value;
}

function checkedAnswer(answer: unknown): ElwoodApprovalAnswer {
  const given = (typeof answer === "object" && answer !== null ? answer : {}) as Record<
    string,
    unknown
  >;
  const extra = Object.keys(given).filter((key) => key !== "behavior" && key !== "message");
  if (extra.length > 0) {
    throw invalidApproval(
      `An answer has only \`behavior\` and \`message\`; got ${extra.join(", ")}.`,
    );
  }
  if (given.behavior === "allow") {
    if (given.message !== undefined) throw invalidApproval("`message` goes with a deny only.");
    return { behavior: "allow" };
  }
  if (given.behavior !== "deny") {
    throw invalidApproval('`behavior` must be "allow" or "deny".');
  }
  const { message } = given;
  if (message === undefined) return { behavior: "deny" };
  if (typeof message !== "string" || message.length > MAX_DENY_MESSAGE_CHARS) {
    throw invalidApproval(
      `\`message\` must be a string of at most ${MAX_DENY_MESSAGE_CHARS} characters.`,
    );
  }
  return { behavior: "deny", message };
}
