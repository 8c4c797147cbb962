// Never type into a screen that has not rendered everything received, or that shows a
// dialog waiting for a human (C-API-56, C-ATTN-01). A held write retries on later frames.
import type { ElwoodError } from "../../errors.js";
import type { ScreenReading } from "../contract/adapter.js";
import type { TerminalPort } from "../contract/ports.js";

export const SAFE_SCREEN_RENDER_BOUND_MS = 1000;
const HELD_WRITE_RETRY_MS = 200;

export async function waitForSafeScreen(options: {
  readonly terminal: TerminalPort;
  readonly evaluate: () => ScreenReading | undefined;
  readonly isLive: () => boolean;
  readonly notRunning: () => ElwoodError;
  readonly sleep: (ms: number) => Promise<void>;
}): Promise<void> {
  const { terminal } = options;
  for (;;) {
    if (!options.isLive()) throw options.notRunning();
    // Not rendered within the bound counts as unsafe, the same as a visible dialog.
    const rendered = await Promise.race([
      terminal.settled().then(() => true),
      options.sleep(SAFE_SCREEN_RENDER_BOUND_MS).then(() => false),
    ]);
    if (rendered && !terminal.renderFailed) {
      const reading = options.evaluate();
      if (reading !== undefined && reading.dialog === undefined) return;
    }
    await options.sleep(HELD_WRITE_RETRY_MS);
  }
}
