// login_expired (C-CLAUDE-18, prd/operations.md "login()"): one warning per lapse, from the
// failed-turn hook or the auth-failure screen at a turn's end, until a login() succeeds.
import type { SessionContext } from "../context/session-context.js";
import type { LoginFacts } from "../contract/operation-facts.js";

export class LoginExpiryWatch {
  readonly #context: Pick<SessionContext, "events" | "screen" | "clock">;
  readonly #facts: LoginFacts;
  #isArmed = true;
  /** An auth banner left on screen from before the last login() proves nothing new. */
  #isScreenStale = false;

  constructor(context: Pick<SessionContext, "events" | "screen" | "clock">, facts: LoginFacts) {
    this.#context = context;
    this.#facts = facts;
    // Subscribed for the session's life: its events go away with it.
    context.events.on("hook", (event) => this.#onHook(event));
    context.events.on("status", (event) => {
      // A turn ending (running/blocked → ready) is when a lapse banner would show. Looked
      // at on a later tick: a warning never goes out inside another event's delivery.
      if (event.status === "ready" && event.previous !== "starting") {
        context.clock.set(() => this.#checkScreen(), 0);
      }
    });
  }

  /** After a successful login(): the next lapse warns again. */
  rearm(): void {
    this.#isArmed = true;
    this.#isScreenStale = this.#context.screen.read().isAuthFailure === true;
  }

  #onHook(event: unknown): void {
    const { lapseHook } = this.#facts;
    if (typeof event !== "object" || event === null) return;
    const fields = event as Readonly<Record<string, unknown>>;
    if (fields.hook_event_name !== lapseHook.name) return;
    const value = fields[lapseHook.field];
    if (typeof value === "string" && lapseHook.values.includes(value)) this.#emit();
  }

  #checkScreen(): void {
    const isAuthFailure = this.#context.screen.read().isAuthFailure === true;
    if (!isAuthFailure) {
      this.#isScreenStale = false;
      return;
    }
    if (!this.#isScreenStale) this.#emit();
  }

  #emit(): void {
    if (!this.#isArmed) return;
    this.#isArmed = false;
    this.#context.events.emitWarning({
      source: "terminal",
      code: "login_expired",
      message: "The agent's login has lapsed; call login() (or type /login) to sign in again.",
      recoveryCommand: "/login",
    });
  }
}
