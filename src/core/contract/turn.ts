// What a turn takes and yields, for every layer and every agent: the images a submission
// attaches, the per-turn and per-send options, and the simplified, stable events a turn's
// stream yields (seeds §5.8): the turn's content only, insulated from the activity shape.

export type ImageFormat = "png" | "jpeg" | "gif" | "webp";

/** One image attached to a submission: a file on disk, or bytes with their format. */
export type ImageInput =
  | { readonly path: string }
  | { readonly data: Uint8Array; readonly format: ImageFormat };

/** An image as the session's boundary validated and copied it; inner layers take these. */
export type ImageSnapshot =
  | { readonly kind: "path"; readonly path: string; readonly bytes: number }
  | {
      readonly kind: "data";
      readonly data: Buffer;
      readonly format: ImageFormat;
      readonly bytes: number;
    };

/** A submission's admitted images: attached inside its queue op, released when it settles. */
export interface AdmittedImages {
  /** Attaches every image; returns what to type before the text. */
  attach(onFailure: () => void): Promise<string>;
  /** Frees the session-budget reservation; called when the op settles either way. */
  release(): void;
}

/** What the turn owner takes: the per-turn options, their images already snapshotted. */
export type CheckedTurnOptions = Omit<TurnOptions, "images"> & {
  readonly images: readonly ImageSnapshot[];
  /** Milliseconds of `timeoutMs` the call spent before the turn began (a lazy start). */
  readonly spentMs?: number;
};

export type ElwoodStreamEvent =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "thinking"; readonly text: string }
  | {
      readonly type: "tool_call";
      readonly name: string;
      readonly input: string;
      /** The agent's id for this call; its result carries the same one. */
      readonly toolCallId?: string;
    }
  /** `name` is absent only when the answered call was not seen in the same transcript. */
  | {
      readonly type: "tool_result";
      readonly name?: string;
      readonly output: string;
      readonly toolCallId?: string;
    };

export interface TurnOptions {
  /** Images attached before the prompt, in order (api.md "Images"); validated at the call. */
  readonly images?: readonly ImageInput[];
  /** Opt-in whole-turn ceiling; by default a live turn is never failed by a clock. */
  readonly timeoutMs?: number;
  /** How long the transcript may lag the turn-end signal before wait_timeout (10 s). */
  readonly catchUpMs?: number;
}

/** The send* methods take a turn's images only, attached in the same queue op as the text. */
export type SendOptions = Pick<TurnOptions, "images">;
