// Loads the headless xterm Terminal class from a CommonJS package in both builds.
// Node's ESM loader exposes only `default` (module.exports) for @xterm/headless, while
// the CJS build's interop helper copies `Terminal` onto the namespace and may leave
// `default` undefined (the package sets __esModule). Reading both covers each case.

import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import * as xtermNamespace from "@xterm/headless";
import { ElwoodError } from "../errors.js";

type TerminalConstructor = typeof xtermNamespace.Terminal;

function loadTerminalConstructor(): TerminalConstructor {
  const namespace: {
    Terminal?: TerminalConstructor;
    default?: { Terminal?: TerminalConstructor };
  } = xtermNamespace;
  const terminalClass = namespace.Terminal ?? namespace.default?.Terminal;
  if (terminalClass === undefined) {
    throw new ElwoodError(
      "pty_start_failed",
      "@xterm/headless did not export a Terminal class; reinstall the pinned @xterm/headless 6.0.0.",
    );
  }
  return terminalClass;
}

export const HeadlessTerminal: TerminalConstructor = loadTerminalConstructor();
export type HeadlessTerminal = InstanceType<TerminalConstructor>;

/**
 * The file @xterm/headless loads from, as this module resolves it, for the parse workers
 * (which start from a string and would otherwise resolve from the process's cwd).
 */
export function resolveXtermHeadlessPath(): string {
  // The CJS build has __filename; the sources and the ESM build have import.meta.url.
  const here = typeof __filename === "string" ? __filename : fileURLToPath(import.meta.url);
  return createRequire(here).resolve("@xterm/headless");
}
