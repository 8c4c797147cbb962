// How Gemini CLI attaches an image: an `@<path>` reference in the prompt, which it reads
// when it takes the prompt and sends as an inlineData part (base64 equal to the file).
// A file outside the workspace first opens "The following files are outside your
// workspace: … Do you want to allow this read?" (0.61.0), so every image is copied into a
// private folder inside the project temp folder, which Gemini reads without asking.
import type { ImageReferenceFacts } from "../../core/contract/operation-facts.js";
import { geminiProjectTempDir } from "../launch/project-temp.js";

export const GEMINI_IMAGE_FACTS: ImageReferenceFacts = {
  mechanism: "reference",
  reference: (path) => `@${path}`,
  readableFolder: geminiProjectTempDir,
  verifiedOn: "0.61.0 (Linux, offline; two images in order, inlineData equal to the files)",
};
