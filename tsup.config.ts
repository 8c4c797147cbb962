import { defineConfig } from "tsup";

// Two public entry points only: the library and the offline test kit. Keeping the
// test kit a separate entry means `import "@with-logic/elwood"` never loads it.
export default defineConfig({
  entry: {
    index: "src/index.ts",
    "testing/index": "src/testing/index.ts",
  },
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
