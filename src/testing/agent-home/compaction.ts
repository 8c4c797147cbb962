// compactionSummaryTurns(): the scripted turns that answer one agent's compaction-summary
// request(s), from its dialect (each CLI asks in its own words and its own kind of request).
import { ElwoodError } from "../../errors.js";
import type { ScriptedTurn } from "../model-server/scenario.js";
import { AGENT_HOME_DIALECTS } from "./dialects.js";

/** Register these on the server (`server.turn`) before the agent's compact() runs. */
export function compactionSummaryTurns(agent: string, summary: string): readonly ScriptedTurn[] {
  const dialect = AGENT_HOME_DIALECTS.find((listed) => listed.agent === agent);
  const turns = dialect?.compactionSummary?.(summary);
  if (turns === undefined) {
    const known = AGENT_HOME_DIALECTS.filter((listed) => listed.compactionSummary !== undefined);
    const names = known.map((listed) => listed.agent).join(", ");
    throw new ElwoodError(
      "invalid_options",
      `The kit knows no compaction-summary request of agent ${JSON.stringify(agent)}; it knows ${names}.`,
      { details: { option: "agent" } },
    );
  }
  return turns;
}
