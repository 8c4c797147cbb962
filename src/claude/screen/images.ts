// How Claude Code attaches an image (api.md "Images"): a bracketed paste of the file's
// ABSOLUTE path turns into an "[Image #N]" chip in the composer, and the image bytes
// reach the model as an image content block. Works on every platform.
import type { ImageAttachFacts } from "../../core/contract/operation-facts.js";

export const CLAUDE_IMAGE_FACTS: ImageAttachFacts = {
  mechanism: "paste-path",
  // The input box's first line; history prompts also start with ❯, so the LAST one counts.
  promptLine: /^❯(\s|$)/,
  chip: /\[Image #\d+\]/g,
  composerEnd: /^─{20,}$/,
  // 2.1.332 glues pasted text to the last chip ("[Image #2]describe"); a space keeps them apart.
  textSeparator: " ",
  verifiedOn: "2.1.332 (Linux; chips seen, base64 of the file received by the model server)",
};
