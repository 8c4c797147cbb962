// `session.attach()` (issue 25): a parent app that owns a terminal hands it to a person
// until the detach key. What it takes and the handle it returns; the terminal side lives
// in src/terminal/takeover/, the session side in src/session/attach.ts.
import type {
  ElwoodAttachEnd,
  TakeoverInput,
  TakeoverOutput,
} from "../../terminal/takeover/terminal-takeover.js";

export type { ElwoodAttachEnd };

export interface ElwoodAttachOptions {
  /** The person's keyboard: a TTY stdin is put in raw mode while attached. */
  readonly input: TakeoverInput;
  /** The person's screen; its `columns`/`rows` and `resize` events size the agent's PTY. */
  readonly output: TakeoverOutput;
  /** `ctrl-<key>`; `ctrl-]` by default. */
  readonly detachKey?: string;
  /** Watch only: keys other than the detach key are dropped and the size is left alone. */
  readonly readOnly?: boolean;
}

/** A live attachment; detaching restores the terminal and leaves the session running. */
export interface ElwoodAttachHandle extends AsyncDisposable {
  /** The detach key as shown to a person, e.g. "Ctrl-]". */
  readonly detachKeyLabel: string;
  /** Settles once, with how the attachment ended (detach key, detach(), session end). */
  readonly ended: Promise<ElwoodAttachEnd>;
  /** Ends the attachment now; resolves with how it ended (the first ending wins). */
  detach(): Promise<ElwoodAttachEnd>;
}
