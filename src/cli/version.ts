// The package version, fixed into the bundle at build time (tsup `define`).
declare const __ELWOOD_VERSION__: string | undefined;

export const VERSION: string =
  typeof __ELWOOD_VERSION__ === "string" ? __ELWOOD_VERSION__ : "0.0.0-development";
