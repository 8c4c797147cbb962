// How the Copilot CLI attaches an image: an `@<absolute path>` reference to an image file in
// the prompt. When it takes the prompt, 1.0.102 lists "[Image: red.png [image/png] 1x1]"
// under it and sends the file as an image block (base64 equal to the file), for files
// inside the workspace and outside it alike, in the order named; no dialog, no clipboard.
import type { ImageReferenceFacts } from "../../core/contract/operation-facts.js";

export const COPILOT_IMAGE_FACTS: ImageReferenceFacts = {
  mechanism: "reference",
  reference: (path) => `@${path}`,
  verifiedOn:
    "1.0.102 (Linux, BYOK Anthropic offline; two images in order, base64 of the files received)",
};
