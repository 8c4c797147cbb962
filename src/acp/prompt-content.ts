// What an ACP prompt's content blocks become for the CLI's composer: text as typed,
// embedded text resources appended under their URI, resource links as their URI, images
// as the turn's attached images. Audio and binary resources are refused (not advertised).
import type { ContentBlock } from "@agentclientprotocol/sdk";
import type { ImageFormat, ImageInput } from "../index.js";
import { acpError } from "./errors.js";

/** The longest prompt text taken, as `elwood serve`'s send (prd/acp.md "Limits"). */
export const MAX_PROMPT_TEXT_BYTES = 256 * 1024;

const IMAGE_FORMATS: Readonly<Record<string, ImageFormat>> = {
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/jpg": "jpeg",
  "image/gif": "gif",
  "image/webp": "webp",
};

export interface PromptInput {
  readonly text: string;
  readonly images: readonly ImageInput[];
}

export function promptInput(blocks: readonly ContentBlock[]): PromptInput {
  const parts: string[] = [];
  const images: ImageInput[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case "text":
        parts.push(block.text);
        break;
      case "resource_link":
        parts.push(block.uri);
        break;
      case "resource": {
        const resource = block.resource;
        if (!("text" in resource)) {
          throw acpError(
            "invalid_options",
            `The embedded resource ${resource.uri} is binary; only text resources are taken.`,
          );
        }
        parts.push(`${resource.uri}\n${resource.text}`);
        break;
      }
      case "image": {
        const format = IMAGE_FORMATS[block.mimeType.toLowerCase()];
        if (format === undefined) {
          throw acpError(
            "invalid_image",
            `Images must be PNG, JPEG, GIF or WebP; got ${block.mimeType}.`,
          );
        }
        images.push({ data: Buffer.from(block.data, "base64"), format });
        break;
      }
      case "audio":
        throw acpError(
          "invalid_options",
          "Audio prompts are not supported (promptCapabilities.audio is false).",
        );
    }
  }
  const text = parts.join("\n\n");
  if (Buffer.byteLength(text) > MAX_PROMPT_TEXT_BYTES) {
    throw acpError(
      "request_too_large",
      `The prompt's text is ${Buffer.byteLength(text)} bytes; the limit is ${MAX_PROMPT_TEXT_BYTES} (the CLI's composer takes it as typed input).`,
    );
  }
  if (text.trim() === "" && images.length === 0) {
    throw acpError("invalid_options", "The prompt is empty: give it text, a resource or an image.");
  }
  return { text, images };
}
