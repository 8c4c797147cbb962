// The public send methods' arguments, checked once at the call (issue 20 "options
// normalized once"): the text, the options object, and its images validated and copied.
import { assertOptionsArgument, assertTurnText } from "../core/contract/call-arguments.js";
import type { SendOptions } from "../core/contract/turn.js";
import { snapshotImages } from "../core/operations/images.js";

export function submissionImages(
  text: unknown,
  what: string,
  options: SendOptions | undefined,
  cwd: string,
) {
  assertTurnText(text, what);
  assertOptionsArgument(options, "Send");
  return snapshotImages(options?.images, cwd);
}
