// `elwood sessions`: the kept sessions in the state dir, newest first, as a table or
// JSON (spec §5.9, C-CLI-24). Reads records only; launches nothing. Sessions live in a
// running `elwood serve` (issue 25) are asked of those servers, briefly: a server that
// does not answer within a second leaves its sessions unmarked, never fails the listing.
import { listSessions } from "../../index.js";
import { liveServedSessions } from "../../serve/index.js";
import { AGENT_CHOICES, EXAMPLE_AGENT } from "../agents/registry.js";
import { parseArgs } from "../args/parse.js";
import { readLayers } from "../config/read-layers.js";
import { resolveCommonSettings } from "../config/run-settings.js";
import { ProtocolOutput } from "../io/output.js";
import { isSessionLive } from "../run/session-lock.js";
import { usageError } from "../usage-error.js";
import type { CliCommand } from "./command.js";
import { commandHelp } from "./help-text.js";

export const sessionsCommand: CliCommand = {
  name: "sessions",
  summary: "List kept sessions, most recently used first.",
  usage: [`sessions [--agent ${AGENT_CHOICES}] [--output text|json] [--state-dir <dir>]`],
  options: ["help", "agent", "output", "state-dir", "defaults"],
  details: `Fields: id, agent, workspace, createdAt, lastUsedAt, resumable (the agent's
conversation is stored and still in its CLI's files, or no prompt was ever taken),
notResumable (why not: reason no_conversation, conversation_missing or
conversation_empty, a message, the conversation's path), live (an elwood process is using
it now), server (the URL of the running \`elwood serve\` holding it, where
\`elwood attach <id>\` reaches it; LIVE shows "serve").
--agent lists only that agent's sessions; a default agent (ELWOOD_AGENT, config) does not
filter the list.

Examples:
  elwood sessions
  elwood --agent ${EXAMPLE_AGENT} sessions
  elwood sessions --output json | jq -r '.sessions[0].id'`,
  async run(argv, io) {
    const parsed = parseArgs(argv, this.options, "sessions");
    if (parsed.options.get("help") === true) {
      io.stdout.write(commandHelp(this));
      return 0;
    }
    if (parsed.positionals.length > 0) {
      throw usageError(
        `\`elwood sessions\` takes no words; got ${JSON.stringify(parsed.positionals.join(" "))}.`,
      );
    }
    const settings = resolveCommonSettings(await readLayers(parsed, io), io.cwd, io.env);
    const output = settings.output.value ?? "text";
    if (output === "jsonl") {
      throw usageError(
        `\`elwood sessions\` prints text or json, not jsonl (${settings.output.source}).`,
      );
    }
    const stateDir = settings.stateDir.value as string;
    // Only the flag filters: a default agent says what to run, not what to hide.
    const agent = parsed.options.has("agent") ? settings.agent.value : undefined;
    const [listing, served] = await Promise.all([
      listSessions({ stateDir, cwd: io.cwd, env: io.env }),
      liveServedSessions(io.env),
    ]);
    for (const skipped of listing.skipped) {
      io.stderr.write(
        `elwood: skipped session ${skipped.elwoodSessionId}: ${skipped.error.message}\n`,
      );
    }
    const listed = listing.sessions.filter(
      (session) => agent === undefined || session.agent === agent,
    );
    const sessions = await Promise.all(
      listed.map(async (session) => ({
        id: session.elwoodSessionId,
        adapter: session.agent,
        workspace: session.cwd,
        createdAt: session.createdAt,
        lastUsedAt: session.lastUsedAt,
        resumable: session.resumable,
        // Why not, in words and as a code (issue 47); null when it is resumable.
        notResumable: session.notResumable ?? null,
        live:
          served.has(session.elwoodSessionId) ||
          (await isSessionLive(stateDir, session.elwoodSessionId)),
        server: served.get(session.elwoodSessionId) ?? null,
      })),
    );
    const out = new ProtocolOutput(io.stdout);
    if (output === "json") {
      await out.write(
        `${JSON.stringify({ schemaVersion: 1, type: "sessions", stateDir, sessions })}\n`,
      );
    } else if (sessions.length === 0) {
      io.stderr.write(`No sessions in ${stateDir}.\n`);
    } else {
      await out.write(table(sessions));
    }
    await out.flush();
    return 0;
  },
};

type Row = Record<"id" | "adapter" | "workspace" | "lastUsedAt", string> & {
  readonly resumable: boolean;
  readonly live: boolean;
  readonly server: string | null;
};

function table(rows: readonly Row[]): string {
  const header = ["ID", "AGENT", "LAST USED", "LIVE", "RESUMABLE", "WORKSPACE"];
  const cells = rows.map((row) => [
    row.id,
    row.adapter,
    row.lastUsedAt.replace("T", " ").replace(/\.\d+Z$/, "Z"),
    row.server !== null ? "serve" : row.live ? "yes" : "no",
    row.resumable ? "yes" : "no",
    row.workspace,
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...cells.map((cell) => cell[i]!.length)),
  );
  const line = (cols: readonly string[]) =>
    cols.map((col, i) => (i === cols.length - 1 ? col : col.padEnd(widths[i]!))).join("  ");
  return `${[line(header), ...cells.map(line)].join("\n")}\n`;
}
