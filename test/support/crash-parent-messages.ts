// What test/fixtures/crash-parent.mjs says on stdout, one JSON object per line: "started"
// with the Elwood session id, then "phase" once the phase to be killed in is reached (in
// mid-stop the parent then kills itself, and says how many of its agent processes still
// ran). The crash-recovery e2e test and the reliability bench both read it.
import type { Readable } from "node:stream";

export interface CrashParentMessage {
  readonly event: string;
  readonly elwoodSessionId?: string;
  /** mid-stop only: the parent's children with the agent HOME still running as it died. */
  readonly agentsAlive?: number;
}

export function onCrashParentMessages(
  stdout: Readable | null,
  handle: (message: CrashParentMessage) => void,
): void {
  let buffered = "";
  stdout?.on("data", (part: Buffer) => {
    buffered += part.toString("utf8");
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) handle(JSON.parse(line) as CrashParentMessage);
  });
}
