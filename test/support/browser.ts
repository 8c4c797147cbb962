// Finds the system Chromium for the browser tests. playwright-core drives it through
// `executablePath`; nothing is downloaded. scripts/ci/ensure-chromium.sh installs Debian's
// chromium in CI, where a missing browser is a failure, never a skip.
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

const NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

/** ELWOOD_CHROMIUM, or the first Chromium on PATH; undefined when there is none. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [
    ...(env.ELWOOD_CHROMIUM ? [env.ELWOOD_CHROMIUM] : []),
    ...(env.PATH ?? "")
      .split(delimiter)
      .filter(Boolean)
      .flatMap((dir) => NAMES.map((name) => join(dir, name))),
  ];
  return candidates.find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export const isCi = process.env.CI === "true" || process.env.CI === "1";

/** Pixel statistics of a PNG, measured by decoding it in the browser itself. */
export const PIXEL_STATS_SCRIPT = `(async (base64) => {
  const image = new Image();
  image.src = "data:image/png;base64," + base64;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
  const background = (data[0] << 16) | (data[1] << 8) | data[2];
  const colors = new Set();
  let sampled = 0;
  let differing = 0;
  for (let index = 0; index < data.length; index += 4 * 5) {
    const value = (data[index] << 16) | (data[index + 1] << 8) | data[index + 2];
    colors.add(value);
    sampled += 1;
    if (value !== background) differing += 1;
  }
  return { width: canvas.width, height: canvas.height, colors: colors.size, differing: differing / sampled };
})`;
