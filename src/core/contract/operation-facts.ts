// The screen and protocol knowledge an adapter supplies for session operations, as data
// (each table in the adapter's screen/ folder records the CLI version it was verified on).
import type { CompactFacts } from "../operations/compact.js";
import type { ImageAttachFacts } from "../operations/image-attach.js";
import type { LoginFacts } from "../operations/login-facts.js";
import type { StartupWarningsPagerFacts } from "../operations/startup-warnings-facts.js";
import type { ModelOperationFacts } from "./models.js";

export interface AgentOperationFacts {
  /** Absent: images are refused with unsupported_platform. */
  readonly images?: ImageAttachFacts;
  /** Absent: compact() is refused with compact_failed (the CLI cannot compact). */
  readonly compact?: CompactFacts;
  /** Absent: the agent has no login() (Codex) and no login_expired warning. */
  readonly login?: LoginFacts;
  /** Absent: listModels()/setModel() are refused with model_automation_failed. */
  readonly models?: ModelOperationFacts;
  /** Absent: the CLI shows start-up warnings inline (or not at all); nothing is read. */
  readonly startupWarnings?: StartupWarningsPagerFacts;
}
