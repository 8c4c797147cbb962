// Elwood drives PTYs and POSIX process groups, so it runs on Linux and macOS only
// (prd/internals.md "shell/").

import { ElwoodError } from "../errors.js";

const SUPPORTED_PLATFORMS: readonly NodeJS.Platform[] = ["linux", "darwin"];

export function isSupportedPlatform(platform: NodeJS.Platform = process.platform): boolean {
  return SUPPORTED_PLATFORMS.includes(platform);
}

export function assertSupportedPlatform(platform: NodeJS.Platform = process.platform): void {
  if (isSupportedPlatform(platform)) return;
  throw new ElwoodError(
    "unsupported_platform",
    `Elwood runs on Linux and macOS; this is ${platform}. Run it on one of those (WSL works on Windows).`,
    { details: { platform } },
  );
}
