// Shared set-up for the real-PTY tests: spawn a fixture under ElwoodTerminal, wait for
// screen text, and tear everything down (process group, terminal, temp dirs).

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { reapProcessGroup } from "../../../src/shell/reap.js";
import { type PtyExit, spawnPty } from "../../../src/terminal/pty-process.js";
import { ElwoodTerminal, type ElwoodTerminalSize } from "../../../src/terminal/terminal.js";
import { waitFor } from "../../support/process-table.js";

export const fixturePath = (name: string): string =>
  fileURLToPath(new URL(`../../fixtures/${name}`, import.meta.url));

export interface RunningFixture {
  readonly terminal: ElwoodTerminal;
  readonly pid: number;
  readonly exited: Promise<PtyExit>;
}

export class PtyHarness {
  readonly #cleanups: (() => void)[] = [];

  start(options: {
    file: string;
    args: readonly string[];
    env?: Record<string, string | undefined>;
    size?: ElwoodTerminalSize;
  }): RunningFixture {
    const size = options.size ?? { cols: 80, rows: 24 };
    const pty = spawnPty({
      file: options.file,
      args: options.args,
      cwd: tmpdir(),
      env: options.env ?? process.env,
      ...size,
    });
    const exited = new Promise<PtyExit>((resolve) => pty.onExit(resolve));
    const terminal = new ElwoodTerminal({ pty, size });
    this.#cleanups.push(() => {
      terminal.dispose();
      reapProcessGroup(pty.pid);
    });
    return { terminal, pid: pty.pid, exited };
  }

  tempDir(prefix: string): string {
    const path = mkdtempSync(join(tmpdir(), prefix));
    this.#cleanups.push(() => rmSync(path, { recursive: true, force: true }));
    return path;
  }

  cleanup(): void {
    for (const cleanup of this.#cleanups.splice(0).reverse()) cleanup();
  }
}

/** Waits until the settled screen contains `text`; returns the final screen text. */
export async function waitForScreen(
  terminal: ElwoodTerminal,
  text: string,
  timeoutMs = 20_000,
): Promise<string> {
  let screen = "";
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await terminal.settled();
    screen = terminal.snapshot().text;
    if (screen.includes(text)) return screen;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return screen;
}

export { waitFor };
