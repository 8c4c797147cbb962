// Never type into a screen that has not rendered everything received, or that shows a
// dialog waiting for a human (C-API-56, C-ATTN-01). A held write retries on later frames.
import type { SessionContext } from "../context/session-context.js";

export const SAFE_SCREEN_RENDER_BOUND_MS = 1000;
const HELD_WRITE_RETRY_MS = 200;

/** One verdict, now: everything received is rendered (bounded) and no dialog shows. */
export async function isScreenSafeNow(
  context: Pick<SessionContext, "terminal" | "screen" | "lifetime">,
): Promise<boolean> {
  const { terminal, screen, lifetime } = context;
  lifetime.assertLive();
  // Not rendered within the bound counts as unsafe, the same as a visible dialog.
  const rendered = await Promise.race([
    terminal.settled().then(() => true),
    lifetime.sleep(SAFE_SCREEN_RENDER_BOUND_MS).then(() => false),
  ]);
  lifetime.assertLive();
  return rendered && !terminal.renderFailed && screen.read().dialog === undefined;
}

/** Waits until everything received is rendered, at most `boundMs`: then read as it stands. */
export async function renderedWithin(
  context: Pick<SessionContext, "terminal" | "lifetime" | "clock">,
  boundMs: number = SAFE_SCREEN_RENDER_BOUND_MS,
): Promise<void> {
  const { terminal, lifetime, clock } = context;
  const settled = clock.within(terminal.settled(), boundMs, () => new Error("render bound spent"));
  await lifetime.untilClosed(settled.catch(() => undefined));
  lifetime.assertLive();
}

/** Resolves once the screen is rendered and free of dialogs. Each wait here rejects at close. */
export async function waitForSafeScreen(
  context: Pick<SessionContext, "terminal" | "screen" | "lifetime">,
): Promise<void> {
  while (!(await isScreenSafeNow(context))) await context.lifetime.sleep(HELD_WRITE_RETRY_MS);
}
