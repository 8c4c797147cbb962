// The messages between a terminal in the parent and the parse worker that owns its headless
// xterm (prd/internals.md "terminal/"). Every message names its terminal by `id`; each
// operation carries a per-terminal sequence number the worker answers in order. The screen
// (a report) goes with the answer to a resize, with a write's answer once the last report
// is `reportIntervalMs` old, and otherwise as a `report` of its own that long after the
// last one, once the writes queued for that terminal ran out. Both directions send arrays
// of these messages, one per event-loop turn.

/** The screen as the parent mirrors it: rows that changed since the last report, and the rest. */
export interface MirrorUpdate {
  /** How many rows the screen has now; rows past this are gone. */
  readonly rows: number;
  /** Changed rows, flattened: row index, then its right-trimmed text, repeated. */
  readonly changed: readonly (number | string)[];
  readonly cursorX: number;
  readonly cursorY: number;
  readonly isCursorVisible: boolean;
  readonly title: string;
}

export type ToParseWorker =
  | {
      readonly type: "open";
      readonly id: number;
      readonly cols: number;
      readonly rows: number;
      readonly scrollback: number;
      readonly reportIntervalMs: number;
    }
  /** `data` is UTF-8 ending on a character boundary; its memory is transferred, not copied. */
  | { readonly type: "write"; readonly id: number; readonly seq: number; readonly data: Uint8Array }
  | {
      readonly type: "resize";
      readonly id: number;
      readonly seq: number;
      readonly cols: number;
      readonly rows: number;
    }
  | { readonly type: "close"; readonly id: number };

export type FromParseWorker =
  | {
      readonly type: "done";
      readonly id: number;
      readonly seq: number;
      readonly mirror?: MirrorUpdate;
    }
  /** The screen after the last answered operation, sent once a burst of writes paused. */
  | {
      readonly type: "report";
      readonly id: number;
      readonly seq: number;
      readonly mirror: MirrorUpdate;
    }
  /** xterm's own answer to a terminal query (e.g. a cursor position report), for the PTY. */
  | {
      readonly type: "reply";
      readonly id: number;
      readonly data: string;
      readonly isBinary: boolean;
    }
  | { readonly type: "failed"; readonly id: number; readonly message: string };

/** Distributes `Omit` over a union so each variant keeps its own fields. */
export type WithoutId<Message> = Message extends unknown ? Omit<Message, "id"> : never;

/** An operation for one terminal (write, resize), before the channel adds its id. */
export type ScreenOperation = WithoutId<Extract<ToParseWorker, { readonly seq: number }>>;
