// A session's listeners, kept across its lazy start: subscribing never forces a start, and
// each listener attaches to the runtime as soon as one exists (so a listener added before
// start sees the start-up itself), and moves to the next runtime when a failed start is
// retried.
import type { ElwoodStatusEvent } from "../core/contract/status.js";
import type { SessionRuntime } from "../core/runtime/runtime.js";
import type { ElwoodUnsubscribe } from "../events/emitter.js";

type AnyHandler = (payload: never) => void;

interface Subscription {
  readonly event: string;
  readonly handler: AnyHandler;
  detach?: ElwoodUnsubscribe;
}

export class SessionSubscriptions {
  readonly #subscriptions = new Set<Subscription>();
  // The runtime listeners are attached to: the start in flight's, once it exists.
  #attached: SessionRuntime | undefined;

  add(event: string, handler: AnyHandler): ElwoodUnsubscribe {
    const subscription: Subscription = { event, handler };
    this.#subscriptions.add(subscription);
    if (this.#attached !== undefined) attach(this.#attached, subscription);
    return () => {
      subscription.detach?.();
      this.#subscriptions.delete(subscription);
    };
  }

  remove(event: string, handler: AnyHandler): void {
    for (const subscription of this.#subscriptions) {
      if (subscription.event === event && subscription.handler === handler) {
        subscription.detach?.();
        this.#subscriptions.delete(subscription);
      }
    }
  }

  // The status machine begins at `starting` and so never reports it as a change; each
  // start attempt tells the session's own status listeners (issue 27, prd/decisions.md).
  announceStarting(): void {
    const event: ElwoodStatusEvent = { status: "starting", previous: "starting" };
    for (const subscription of [...this.#subscriptions]) {
      if (subscription.event !== "status") continue;
      try {
        (subscription.handler as (payload: ElwoodStatusEvent) => void)(event);
      } catch {
        // A listener's error never breaks the start (listener errors are contained).
      }
    }
  }

  // A hook reaches `hook`, `hook:<Event>` and, as a hook activity, `activity` listeners.
  listensTo(eventName: string): boolean {
    const names = new Set(["hook", `hook:${eventName}`, "activity"]);
    for (const subscription of this.#subscriptions) {
      if (names.has(subscription.event)) return true;
    }
    return false;
  }

  attachAll(runtime: SessionRuntime): void {
    if (this.#attached === runtime) return;
    this.#attached = runtime;
    for (const subscription of this.#subscriptions) {
      subscription.detach?.();
      attach(runtime, subscription);
    }
  }

  /** A failed start: the next attempt's runtime takes the listeners. */
  forgetRuntime(): void {
    this.#attached = undefined;
  }
}

function attach(runtime: SessionRuntime, subscription: Subscription): void {
  const { events } = runtime.context;
  subscription.detach = events.on(subscription.event as never, subscription.handler as never);
}
