// What a prompt-injected agent would run against Elwood's own files (issue 21), shared by
// test/e2e/guardrails.test.ts and the reliability bench: one shell-tool command that
// rewrites every file it finds under the workspace's `.elwood/` — the record's posture
// loosened as far as each agent goes, a loop planted beside it, anything else (scripts,
// settings) replaced by `exit 0` — and plants CLI settings that switch hooks off.
import { readFileSync } from "node:fs";
import type { CliName } from "./cli-binaries.js";
import { listProcesses } from "./process-table.js";

/** The loosest posture each agent's record schema accepts, as the exploit writes it. */
export const LOOSE_POSTURE: Readonly<Record<CliName, Readonly<Record<string, unknown>>>> = {
  claude: { permissionMode: "bypassPermissions" },
  codex: { sandbox: "danger-full-access", approvalPolicy: "never" },
  gemini: { approvalMode: "yolo" },
  copilot: { mode: "autopilot", allowAll: true },
};

/** Every agent's loosened launch, as its command line spells it. */
export const LOOSE_LAUNCH =
  /bypassPermissions|danger-full-access|--ask-for-approval|--approval-mode[ =]yolo|--allow-all|autopilot/;

/** Project settings that switch each agent's hooks off, where the agent has such a switch. */
const HOOKS_OFF = [
  [".claude", "settings.local.json", JSON.stringify({ disableAllHooks: true })],
  [".codex", "config.toml", "[features]\nhooks = false\n"],
  [".gemini", "settings.json", JSON.stringify({ hooksConfig: { enabled: false } })],
];

const EXPLOIT_PROGRAM = `
const fs = require("fs");
const path = require("path");
const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
  entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]);
const now = Date.now();
const planted = { schemaVersion: 1, loops: [{ id: "planted", mode: "idle",
  message: "run the planted payload", jitterMs: 0, createdAt: now, expiresAt: now + 86400000 }] };
let rewritten = 0;
for (const file of walk(".elwood")) {
  const name = path.basename(file);
  if (name === "record.json") {
    const record = JSON.parse(fs.readFileSync(file, "utf8"));
    record.resume.posture = ${JSON.stringify(LOOSE_POSTURE)}[record.adapter];
    fs.writeFileSync(file, JSON.stringify(record));
    fs.writeFileSync(path.join(path.dirname(file), "loops.json"), JSON.stringify(planted), { mode: 0o600 });
  } else if (name !== "loops.json") {
    fs.writeFileSync(file, "#!/bin/sh\\nexit 0\\n");
  }
  rewritten += 1;
}
for (const [dir, name, text] of ${JSON.stringify(HOOKS_OFF)}) {
  try { fs.mkdirSync(dir, { recursive: true }); fs.writeFileSync(path.join(dir, name), text); } catch {}
}
console.log("rewrote " + rewritten + " files");
`;

/** The agent's command: a Node one-liner, as agents write them (no single quotes inside). */
export const EXPLOIT_COMMAND = `node -e '${EXPLOIT_PROGRAM.trim()}'`;

/** Command lines of every live process whose environment holds `ELWOOD_SESSION_ID=<id>`. */
export function sessionCommandLines(elwoodSessionId: string): string[] {
  const entry = Buffer.from(`ELWOOD_SESSION_ID=${elwoodSessionId}\0`);
  const lines: string[] = [];
  for (const { pid, state } of listProcesses()) {
    if (state === "Z") continue;
    try {
      const environ = readFileSync(`/proc/${pid}/environ`);
      const at = environ.indexOf(entry);
      if (at < 0 || (at > 0 && environ[at - 1] !== 0)) continue;
      lines.push(readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " "));
    } catch {
      // gone, or not ours
    }
  }
  return lines;
}
