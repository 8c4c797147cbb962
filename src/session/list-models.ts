// listClaudeModels()/listCodexModels() (api.md): a throwaway session, always torn down, with
// an implied `autotrust: true` (a documented exception: nobody is there to answer the prompt).

import type { AgentModelOption } from "../core/contract/models.js";
import type { ElwoodAgentSession } from "../core/contract/session.js";
import type { CommonStartOptions } from "../core/launch/session-options.js";
import { modelTimeout } from "../core/operations/models/model-operations.js";
import { invalidOption } from "../options/fields.js";

export type ListModelsOptions = Pick<
  CommonStartOptions,
  "cwd" | "stateDir" | "autoupdate" | "hookTimeoutMs" | "strictVersionCheck" | "executable" | "env"
> & {
  /** The whole listing once the session is up; default 30000. */
  readonly timeoutMs?: number;
};

export async function listModelsWith(
  start: (
    options: CommonStartOptions,
  ) => Promise<Pick<ElwoodAgentSession, "listModels" | "teardown">>,
  options: ListModelsOptions,
): Promise<readonly AgentModelOption[]> {
  // Checked before the throwaway session spawns anything.
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw invalidOption("listModels options must be an object with at least `cwd`.");
  }
  modelTimeout(options);
  const { timeoutMs, ...startOptions } = options;
  const session = await start({ ...startOptions, autotrust: true });
  try {
    return await session.listModels(timeoutMs === undefined ? {} : { timeoutMs });
  } finally {
    await session.teardown();
  }
}
