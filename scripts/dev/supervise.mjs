#!/usr/bin/env node
// Runs an example (`npm run demo`, `npm run serve`) as the leader of its own process group
// and makes sure the whole group is gone when it ends, however it ends: the example exits
// or crashes, or the supervisor gets SIGINT, SIGTERM or SIGHUP. Ending is TERM to the group,
// 1 s of grace, KILL to the group, then at most 1 s waiting for the group to vanish.
// The example never gets the terminal's stdin, so it cannot read keystrokes meant for the
// shell. Plain JavaScript so it starts without a loader.
//
//   node scripts/dev/supervise.mjs <command> [args...]
import { spawn } from "node:child_process";
import { constants } from "node:os";

const GRACE_MS = 1_000;
const REAP_MS = 1_000;
const POLL_MS = 25;

const [command, ...args] = process.argv.slice(2);
if (command === undefined) {
  process.stderr.write("usage: supervise.mjs <command> [args...]\n");
  process.exit(2);
}

const child = spawn(command, args, { detached: true, stdio: ["ignore", "inherit", "inherit"] });
const group = child.pid;

function signalGroup(signal) {
  try {
    process.kill(-group, signal);
    return true;
  } catch {
    return false; // ESRCH: nobody is left in the group.
  }
}

const groupAlive = () => signalGroup(0);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntilGone(ms) {
  const deadline = Date.now() + ms;
  while (groupAlive()) {
    if (Date.now() >= deadline) return false;
    await sleep(POLL_MS);
  }
  return true;
}

let ending;
function endGroup() {
  ending ??= (async () => {
    if (group === undefined || !groupAlive()) return;
    signalGroup("SIGTERM");
    if (await waitUntilGone(GRACE_MS)) return;
    signalGroup("SIGKILL");
    if (!(await waitUntilGone(REAP_MS))) {
      process.stderr.write(`supervise: process group ${group} still present after SIGKILL\n`);
    }
  })();
  return ending;
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    void endGroup().then(() => process.exit(128 + constants.signals[signal]));
  });
}

child.once("error", (error) => {
  process.stderr.write(`supervise: could not start ${command}: ${error.message}\n`);
  process.exit(127);
});

child.once("exit", (code, signal) => {
  // The leader is gone; anything it started in its group goes too.
  void endGroup().then(() =>
    process.exit(signal === null ? (code ?? 1) : 128 + constants.signals[signal]),
  );
});
