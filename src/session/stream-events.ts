// The simplified, stable events `stream()` yields for one turn (seeds §5.8): the turn's
// content only, insulated from the richer internal activity shape.

import type { ImageInput } from "../core/operations/images.js";

export type ElwoodStreamEvent =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "thinking"; readonly text: string }
  | { readonly type: "tool_call"; readonly name: string; readonly input?: string }
  | { readonly type: "tool_result"; readonly name?: string; readonly output?: string };

export interface TurnOptions {
  /** Images attached before the prompt, in order (api.md "Images"); validated at the call. */
  readonly images?: readonly ImageInput[];
  /** Opt-in whole-turn ceiling; by default a live turn is never failed by a clock. */
  readonly timeoutMs?: number;
  /** How long the transcript may lag the turn-end signal before wait_timeout (10 s). */
  readonly catchUpMs?: number;
}
