// Render drain before disposal (lifecycle §1.6, C-LIFE-12): what the PTY sent before the
// session ended is rendered before the screen is disposed (within a 1 s budget), while the
// status and exit are not held back for it. The fake CLI prints 256 KiB on "burst" and a
// last line "BURST-END"; the session is stopped the moment all of it has arrived, before
// the screen caught up, and the screen the session keeps after the end must show that line.
import { afterEach, describe, expect, it } from "vitest";
import { startClaude } from "../../../src/agents.js";
import { waitFor } from "../../support/process-table.js";
import { fakeCli } from "./fake-cli.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

const BURST_BYTES = 2048 * 129;

// kill() only: stop()'s SIGHUP grace gives the screen time to catch up anyway, so a stop
// case passes with or without the drain and proves nothing (seen: green with it removed).
describe("render drain", () => {
  it.each(["kill"] as const)(
    "C-LIFE-12: on %s() everything received is rendered before the screen is disposed",
    async (end) => {
      const cli = await fakeCli({ versionText: "2.1.332 (Claude Code)", mode: "stay" });
      cleanups.push(() => cli.remove());
      const session = await startClaude({
        cwd: cli.dir,
        stateDir: cli.stateDir,
        executable: cli.executable,
        env: cli.env,
      });
      cleanups.push(() => session.kill());
      await session.terminal.settled();
      // End the session in the same tick the last chunk arrives: the screen parses in
      // later ticks, so it cannot have caught up yet, whatever the machine's load.
      let received = "";
      let ended: { begun: number; done: Promise<void>; screenHadIt: boolean } | undefined;
      session.on("terminal:data", (chunk) => {
        received += chunk;
        if (ended || received.length < BURST_BYTES || !received.includes("BURST-END")) return;
        const screenHadIt = session.terminal.snapshot().text.includes("BURST-END");
        ended = { begun: performance.now(), done: session[end](), screenHadIt };
      });
      await session.sendKeys("burst\r");
      expect(await waitFor(() => ended !== undefined, { timeoutMs: 30_000, intervalMs: 1 })).toBe(
        true,
      );
      const { begun, done, screenHadIt } = ended!;
      expect(screenHadIt).toBe(false);
      await done;
      // Not held back for the drain beyond its 1 s budget (the stop grace aside).
      expect(performance.now() - begun).toBeLessThan(end === "kill" ? 2_500 : 6_000);
      expect(session.terminal.snapshot().text).toContain("BURST-END");
    },
  );
});
