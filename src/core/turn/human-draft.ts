// "A human and a program in one composer never mix" (issue 25, prd/runtime.md "A person's
// draft"): keys from outside the queue (sendKeys: the serve page's socket, the API, an
// attached terminal) may leave a person's unsent text in the composer. This file knows
// whether they did. The screen is the truth — the composer's draft with the adapter's
// placeholders taken out — but only once keys came from outside since the composer was
// last seen empty: an unknown placeholder, or the agent's own leftover, never holds a
// program that no person typed over. Pure apart from the key record.
import { KEYS } from "../../terminal/input.js";

export type ComposerVerdict =
  /** No person's text is in the composer: a program prompt may be typed. */
  | "free"
  /** A person's text is in the composer: typing now would merge with it. */
  | "occupied"
  /** Keys just went in (their echo may not show yet), or no composer is visible. */
  | "unsettled";

export interface ComposerEcho {
  /** The least time after the last key before an empty composer proves the keys left nothing. */
  readonly leastMs: number;
  /** With no frame rendered since the last key, how long an empty composer must last. */
  readonly unrenderedMs: number;
}

/** A CLI echoes a key within a frame or two; a loaded machine may take a few hundred ms. */
export const COMPOSER_ECHO: ComposerEcho = { leastMs: 300, unrenderedMs: 2000 };

export interface ComposerLook {
  /** The composer's typed text ("" when empty or a placeholder; undefined when hidden). */
  readonly draft: string | undefined;
  /** Frames rendered so far. */
  readonly renders: number;
}

export interface KeysSince {
  /** Keys came from outside since the composer was last seen empty. */
  readonly isPending: boolean;
  readonly msSinceLastKey: number;
  /** A frame was rendered after the last key, so its echo (if any) is on screen. */
  readonly hasRenderedSince: boolean;
}

/** The decision, from one look at the screen and what is known of the keys. */
export function judgeComposer(
  draft: string | undefined,
  keys: KeysSince,
  echo: ComposerEcho = COMPOSER_ECHO,
): ComposerVerdict {
  if (!keys.isPending) return "free";
  if (draft === undefined) return "unsettled";
  if (draft.length > 0) return "occupied";
  const settledMs = keys.hasRenderedSince ? echo.leastMs : echo.unrenderedMs;
  return keys.msSinceLastKey >= settledMs ? "free" : "unsettled";
}

/**
 * What a terminal answers by itself rather than a person typing (a browser terminal on the
 * serve page forwards these as keys): focus in/out, a cursor position report, device
 * attributes, a mode or keyboard-protocol report, a mouse report, an OSC reply (colours).
 */
const TERMINAL_REPORT =
  /\x1b\[(?:[IO]|\d+;\d+R|[?>=][\d;]*c|\?[\d;]*\$y|\?\d*u|<\d+;\d+;\d+[Mm])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;

const asText = (input: string | Uint8Array) =>
  typeof input === "string" ? input : Buffer.from(input).toString("utf8");

/** Input made only of a terminal's own reports: no person pressed anything. */
export function isTerminalReport(input: string | Uint8Array): boolean {
  return asText(input).replace(TERMINAL_REPORT, "").length === 0;
}

/** Input that cannot put text in the composer: a lone Escape (an interrupt), or reports only. */
export function typesNothing(input: string | Uint8Array): boolean {
  return asText(input) === KEYS.escape || isTerminalReport(input);
}

/**
 * What the session knows of keys from outside: when the last came and whether the
 * composer was seen empty since. Input that types nothing is not counted (typesNothing);
 * every other key may leave text (a letter, a paste, an arrow recalling history).
 */
export class HumanKeys {
  #count = 0;
  #lastAt = Number.NEGATIVE_INFINITY;
  #rendersAtLast = 0;
  #isPending = false;

  note(input: string | Uint8Array, now: number, renders: number): void {
    if (typesNothing(input)) return;
    this.#count += 1;
    this.#lastAt = now;
    this.#rendersAtLast = renders;
    this.#isPending = true;
  }

  /** How many keyed inputs came so far: a mark to tell whether more came after it. */
  get count(): number {
    return this.#count;
  }

  get lastAt(): number {
    return this.#lastAt;
  }

  /** Judges one look; a free composer forgets the keys, which left nothing behind. */
  judge(look: ComposerLook, now: number, echo: ComposerEcho = COMPOSER_ECHO): ComposerVerdict {
    const verdict = judgeComposer(
      look.draft,
      {
        isPending: this.#isPending,
        msSinceLastKey: now - this.#lastAt,
        hasRenderedSince: look.renders > this.#rendersAtLast,
      },
      echo,
    );
    if (verdict === "free") this.#isPending = false;
    return verdict;
  }
}
