import { defineConfig } from "tsup";

// The `elwood serve` page (web/): one browser bundle with its CSS, plus index.html,
// written to dist/web where the server finds it. Kept apart from tsup.config.ts because
// it targets browsers and must not be cleaned away by the library build.
export default defineConfig({
  entry: { "assets/app": "web/app.ts" },
  outDir: "dist/web",
  publicDir: "web/public",
  format: ["esm"],
  platform: "browser",
  target: "es2022",
  outExtension: () => ({ js: ".js" }),
  minify: true,
  sourcemap: false,
  dts: false,
  clean: true,
  splitting: false,
  noExternal: [/.*/],
  tsconfig: "web/tsconfig.json",
});
