import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClaudeSession } from "./src/agents.js";
import { createAgentHome, startScriptedModelServer } from "./src/testing/index.js";
const server = await startScriptedModelServer();
const parent = await realpath(await mkdtemp(join(tmpdir(), "probe-")));
const home = await createAgentHome({ server, trustedDirs: [parent] });
const delay = Number(process.env.HOOK_DELAY ?? 20000);
const t0 = Date.now();
const s = new ClaudeSession({ cwd: parent, env: home.env, stateDir: join(parent, "st"),
  hooks: { SessionStart: async () => { console.log(`SessionStart at ${Date.now() - t0}`); await new Promise((r) => setTimeout(r, delay)); console.log(`SessionStart answered at ${Date.now() - t0}`); return undefined; } } });
s.on("status", (st) => console.log(`status ${(st as any).status ?? JSON.stringify(st)} at ${Date.now() - t0}`));
try {
  const answer = await s.send("SAY<<early-1>>", { timeoutMs: 120_000 });
  console.log(`answer ${JSON.stringify(answer)} at ${Date.now() - t0}`);
} catch (e) { console.log(`failed at ${Date.now() - t0}: ${(e as Error).message}`); console.log(s.terminal.snapshot().lines.filter((l: string) => l.trim()).slice(-8).join("\n")); }
await s.close().catch(() => {}); await server.close(); await home.cleanup(); await rm(parent, { recursive: true, force: true });
