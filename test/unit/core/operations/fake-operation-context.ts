// A session context for operation unit tests: a fake terminal, the reading the test
// scripts, a live lifetime on the real clock (fake timers drive it). Only what operations
// read is there.

import { SessionClock } from "../../../../src/core/context/clock.js";
import type { SessionContext } from "../../../../src/core/context/session-context.js";
import type { ScreenReading } from "../../../../src/core/contract/adapter.js";
import type { TerminalPort } from "../../../../src/core/contract/ports.js";
import { ElwoodError } from "../../../../src/errors.js";

export function fakeOperationContext(options: {
  readonly displayName: string;
  readonly terminal: TerminalPort;
  readonly reading?: () => ScreenReading;
}): SessionContext {
  const clock = new SessionClock();
  const reading = options.reading ?? (() => ({ dialog: undefined }) as unknown as ScreenReading);
  return {
    displayName: options.displayName,
    terminal: options.terminal,
    clock,
    events: undefined as never,
    status: { status: "ready" },
    screen: { read: reading, renderCount: 0 },
    lifetime: {
      isClosed: false,
      isLive: true,
      assertLive: () => undefined,
      sleep: (ms: number) => clock.sleep(ms),
      untilClosed: (wait: Promise<void>) => wait,
      notRunning: () => new ElwoodError("session_not_running", "not running"),
    },
  } as unknown as SessionContext;
}
