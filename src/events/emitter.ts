// A small typed event emitter: `on(name, handler)` returns its own unsubscribe
// function, and a throwing listener never stops delivery to the others.

export type ElwoodUnsubscribe = () => void;

type EventMap = { readonly [name: string]: unknown };
type Handler<T> = (payload: T) => void;

export interface ListenerFailure {
  readonly event: string;
  readonly error: unknown;
}

export class TypedEmitter<Events extends EventMap> {
  readonly #listeners = new Map<keyof Events, Set<Handler<never>>>();
  readonly #onListenerError: ((failure: ListenerFailure) => void) | undefined;

  /** `onListenerError` receives errors thrown by listeners; they are never rethrown. */
  constructor(onListenerError?: (failure: ListenerFailure) => void) {
    this.#onListenerError = onListenerError;
  }

  on<K extends keyof Events>(event: K, handler: Handler<Events[K]>): ElwoodUnsubscribe {
    let set = this.#listeners.get(event);
    if (set === undefined) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(handler as Handler<never>);
    return () => this.off(event, handler);
  }

  off<K extends keyof Events>(event: K, handler: Handler<Events[K]>): void {
    const set = this.#listeners.get(event);
    if (set === undefined) return;
    set.delete(handler as Handler<never>);
    if (set.size === 0) this.#listeners.delete(event);
  }

  /** Resolves with the first payload that matches, then unsubscribes. */
  once<K extends keyof Events>(
    event: K,
    match: (payload: Events[K]) => boolean = () => true,
  ): { readonly promise: Promise<Events[K]>; readonly cancel: ElwoodUnsubscribe } {
    let unsubscribe: ElwoodUnsubscribe = () => {};
    const promise = new Promise<Events[K]>((resolve) => {
      unsubscribe = this.on(event, (payload) => {
        if (!match(payload)) return;
        unsubscribe();
        resolve(payload);
      });
    });
    return { promise, cancel: () => unsubscribe() };
  }

  listenerCount(event: keyof Events): number {
    return this.#listeners.get(event)?.size ?? 0;
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    const set = this.#listeners.get(event);
    if (set === undefined) return;
    // Copy so that listeners added or removed during delivery do not change this round.
    for (const handler of [...set]) {
      try {
        (handler as Handler<Events[K]>)(payload);
      } catch (error) {
        this.#reportListenerError(String(event), error);
      }
    }
  }

  removeAllListeners(): void {
    this.#listeners.clear();
  }

  #reportListenerError(event: string, error: unknown): void {
    if (this.#onListenerError === undefined) return;
    try {
      this.#onListenerError({ event, error });
    } catch {
      // The error reporter itself failed; there is nowhere safer to send it.
    }
  }
}
