// How Codex attaches an image. The spec's route is the macOS pasteboard plus Ctrl+V;
// the pinned TUI also recognizes a bracketed paste of an image file's path and turns it
// into an "[Image #N]" placeholder (codex-rs tui, paste handling), which works on Linux
// without any clipboard — so that is the mechanism on every platform (prd/decisions.md).
import type { ImageAttachFacts } from "../../core/contract/operation-facts.js";

export const CODEX_IMAGE_FACTS: ImageAttachFacts = {
  mechanism: "paste-path",
  // The composer line; scrollback history uses the same glyph, so the LAST one counts.
  promptLine: /^›(\s|$)/,
  chip: /\[Image #\d+\]/g,
  // The composer is followed by a blank line, then the status line.
  composerEnd: /^\s*$/,
  // 0.171 inserts a space after each placeholder itself.
  textSeparator: "",
  verifiedOn:
    "0.171.0 (Linux; chips seen, input_image data URL with the file's base64 received by the model server)",
};
