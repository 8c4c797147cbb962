// Image inputs (C-API-44/45/46, prd/operations.md "Images"): validated and snapshotted at
// the call (buffers copied, paths made absolute), before anything is queued or typed.
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { ElwoodError } from "../../errors.js";
import type { ImageFormat, ImageSnapshot } from "../contract/turn.js";

const MIB = 1024 * 1024;
export const IMAGE_LIMITS = Object.freeze({
  maxImages: 16,
  maxImageBytes: 25 * MIB,
  maxSubmissionBytes: 50 * MIB,
  maxSessionQueuedBytes: 200 * MIB,
});

const FORMATS: readonly ImageFormat[] = ["png", "jpeg", "gif", "webp"];

function invalid(message: string, details: Record<string, unknown> = {}): ElwoodError {
  return new ElwoodError("invalid_image", message, { details });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function snapshotOne(entry: unknown, index: number, baseDir: string | undefined): ImageSnapshot {
  if (!isObject(entry)) {
    throw invalid(
      `images[${index}] must be { path } or { data, format }; got ${entry === null ? "null" : typeof entry}.`,
      { index },
    );
  }
  const hasPath = "path" in entry;
  const hasData = "data" in entry;
  if (hasPath === hasData) {
    throw invalid(`images[${index}] must have exactly one of "path" or "data".`, { index });
  }
  if (hasPath) return snapshotPath(entry.path, index, baseDir);
  return snapshotData(entry.data, entry.format, index);
}

// A relative path names a file in the session's folder (baseDir), as the agent would
// read it, not in whichever folder the parent process happens to run (prd/decisions.md).
function snapshotPath(path: unknown, index: number, baseDir: string | undefined): ImageSnapshot {
  if (typeof path !== "string" || path.length === 0 || path.includes("\0")) {
    throw invalid(`images[${index}].path must be a non-empty file path string.`, { index });
  }
  const absolute = baseDir === undefined ? resolve(path) : resolve(baseDir, path);
  let size: number;
  try {
    const stats = statSync(absolute);
    if (!stats.isFile()) {
      throw invalid(`images[${index}].path is not a regular file: ${absolute}`, { index });
    }
    size = stats.size;
  } catch (error) {
    if (error instanceof ElwoodError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw invalid(`images[${index}].path cannot be read (${code ?? "error"}): ${absolute}`, {
      index,
      errno: code,
    });
  }
  if (size === 0) throw invalid(`images[${index}].path is an empty file: ${absolute}`, { index });
  checkImageSize(size, index);
  return { kind: "path", path: absolute, bytes: size };
}

function snapshotData(data: unknown, format: unknown, index: number): ImageSnapshot {
  if (!(data instanceof Uint8Array)) {
    throw invalid(`images[${index}].data must be a Uint8Array (or Buffer).`, { index });
  }
  if (typeof format !== "string" || !FORMATS.includes(format as ImageFormat)) {
    throw invalid(
      `images[${index}].format must be one of ${FORMATS.join(", ")}; got ${JSON.stringify(format)}.`,
      { index },
    );
  }
  if (data.byteLength === 0) throw invalid(`images[${index}].data is empty.`, { index });
  checkImageSize(data.byteLength, index);
  // A copy: the caller may reuse its buffer as soon as the call returns.
  const copy = Buffer.from(data);
  return { kind: "data", data: copy, format: format as ImageFormat, bytes: copy.byteLength };
}

function checkImageSize(bytes: number, index: number): void {
  if (bytes > IMAGE_LIMITS.maxImageBytes) {
    throw invalid(
      `images[${index}] is ${bytes} bytes; each image may be at most ${IMAGE_LIMITS.maxImageBytes} bytes (25 MiB).`,
      { index, bytes, limit: IMAGE_LIMITS.maxImageBytes },
    );
  }
}

/** Validates and snapshots `images`; undefined or an empty list means no images. */
export function snapshotImages(images: unknown, baseDir?: string): readonly ImageSnapshot[] {
  if (images === undefined) return [];
  if (!Array.isArray(images)) {
    throw invalid("options.images must be an array of { path } or { data, format } entries.");
  }
  if (images.length > IMAGE_LIMITS.maxImages) {
    throw invalid(
      `${images.length} images given; one submission may attach at most ${IMAGE_LIMITS.maxImages}.`,
      { count: images.length, limit: IMAGE_LIMITS.maxImages },
    );
  }
  const snapshots = images.map((entry, index) => snapshotOne(entry, index, baseDir));
  const total = totalBytes(snapshots);
  if (total > IMAGE_LIMITS.maxSubmissionBytes) {
    throw invalid(
      `The images total ${total} bytes; one submission may carry at most ${IMAGE_LIMITS.maxSubmissionBytes} bytes (50 MiB).`,
      { bytes: total, limit: IMAGE_LIMITS.maxSubmissionBytes },
    );
  }
  return snapshots;
}

function totalBytes(snapshots: readonly ImageSnapshot[]): number {
  return snapshots.reduce((sum, image) => sum + image.bytes, 0);
}

/**
 * The per-session budget of image bytes admitted but not yet attached (200 MiB): a
 * reservation is taken at admission and released when the op settles or is rejected.
 */
export class ImageBudget {
  #queuedBytes = 0;

  reserve(snapshots: readonly ImageSnapshot[]): () => void {
    const bytes = totalBytes(snapshots);
    if (bytes === 0) return () => {};
    if (this.#queuedBytes + bytes > IMAGE_LIMITS.maxSessionQueuedBytes) {
      throw invalid(
        `This session already has ${this.#queuedBytes} bytes of images queued; adding ${bytes} would pass the ${IMAGE_LIMITS.maxSessionQueuedBytes}-byte (200 MiB) session limit. Wait for queued submissions to be sent.`,
        { queuedBytes: this.#queuedBytes, bytes, limit: IMAGE_LIMITS.maxSessionQueuedBytes },
      );
    }
    this.#queuedBytes += bytes;
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      this.#queuedBytes -= bytes;
    };
  }
}
