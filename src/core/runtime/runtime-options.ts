// What the launcher hands the runtime: the adapter, identity, posture flags, and the
// real (or, in tests, fake) mechanisms behind each port.
import type { HookEventBase } from "../../bridge/catalogue.js";
import type { SessionClock } from "../context/clock.js";
import type { AgentAdapter } from "../contract/adapter.js";
import type {
  BridgePort,
  GroupReaper,
  ProcessPort,
  StatePort,
  TerminalPort,
  TranscriptPort,
} from "../contract/ports.js";
import type { ElwoodTerminalSize } from "../contract/status.js";
import type { RuntimeLoopOptions } from "../loops/loop-service.js";

export interface RuntimeOptions<Event extends HookEventBase = HookEventBase> {
  readonly adapter: AgentAdapter<unknown, unknown, Event>;
  readonly elwoodSessionId: string;
  readonly cwd: string;
  readonly autotrust: boolean;
  readonly isResume: boolean;
  /** How long a person's untouched draft holds a due prompt; DEFAULT_COMPOSER_WAIT_MS if absent. */
  readonly composerWaitMs?: number;
  readonly terminal: TerminalPort;
  readonly process: ProcessPort;
  readonly transcript: TranscriptPort;
  readonly state: StatePort;
  readonly bridge: BridgePort;
  readonly reap: GroupReaper;
  /** The size the caller asked for; Claude may boot wider and restore it at first ready. */
  readonly requestedSize: ElwoodTerminalSize;
  /** The launch environment; operations read where the CLI keeps its config from it. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Restored loop definitions and the sidecar writer; absent means none, kept in memory. */
  readonly loops?: RuntimeLoopOptions;
  /** Every timer of the session (the launcher's transcript hub shares it); a test may inject one. */
  readonly clock?: SessionClock;
}
