import { readFileSync } from "node:fs";
import { defineConfig } from "tsup";

const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };

// Two public entry points, the library and the offline test kit, plus the `elwood`
// executable. Keeping the test kit a separate entry means `import "@with-logic/elwood"`
// never loads it.
export default defineConfig({
  entry: {
    index: "src/index.ts",
    "testing/index": "src/testing/index.ts",
    "cli/main": "src/cli/main.ts",
  },
  define: { __ELWOOD_VERSION__: JSON.stringify(version) },
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  splitting: false,
  treeshake: true,
  target: "node20",
  platform: "node",
  external: ["node-pty", "@xterm/headless"],
});
