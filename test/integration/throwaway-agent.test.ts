// A new agent is its folder plus one registry line (issue 42 "Done when" 3,
// prd/adding-an-agent.md), shown with a throwaway fourth agent: a copy of src/ and web/
// gets the echo test agent (test/agents/echo) as the folder src/echo/, its line in the
// registry (src/agents.ts), and its home in the kit (a dialect folder and a line in the
// kit's registry). Nothing else changes, and then, from that copy:
// `elwood --agent echo run` answers with the posture flag the folder declares, serve's
// `GET /api/agents` (the page's choice) offers it and `POST /api/sessions` drives it,
// the kit seeds its home, the copy type-checks, and the layer rules hold the new folder
// to the adapter rules.
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ECHO = path.join(ROOT, "test/agents/echo");

/** The files of the agent's folder, and where its imports of src/ point from there. */
const AGENT_FILES = [
  "adapter.ts",
  "app-facts.ts",
  "cli.mjs",
  "definition.ts",
  "errors.ts",
  "options.ts",
];

/** The registry line (with its import) and the kit's registry line (with its import). */
const REGISTRY_LINES = {
  "src/agents.ts": {
    importLine: 'import { echoDefinition } from "./echo/definition.js";',
    after: "copilot.register(copilotAppFacts, CopilotSession),",
    line: "  echoDefinition,",
  },
  "src/testing/agent-home/dialects.ts": {
    importLine: 'import { echoHome } from "./echo/home.js";',
    after: "export const AGENT_HOME_DIALECTS = [claudeHome, codexHome",
    line: ", echoHome",
  },
} as const;

let copy = "";
const cleanups: (() => Promise<void> | void)[] = [];

/** A copy of the tree with the throwaway agent added as its folder and registry lines. */
function copyWithEcho(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "elwood-throwaway-"));
  for (const part of ["src", "web", "tsconfig.json", "package.json"]) {
    cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  const folder = path.join(dir, "src/echo");
  mkdirSync(folder);
  for (const file of AGENT_FILES) {
    const text = readFileSync(path.join(ECHO, file), "utf8").replaceAll('"../../../src/', '"../');
    writeFileSync(path.join(folder, file), text, { mode: file.endsWith(".mjs") ? 0o755 : 0o644 });
  }
  const kitFolder = path.join(dir, "src/testing/agent-home/echo");
  mkdirSync(kitFolder);
  const home = readFileSync(path.join(ECHO, "home.ts"), "utf8").replaceAll(
    '"../../../src/testing/agent-home/',
    '"../',
  );
  writeFileSync(path.join(kitFolder, "home.ts"), home);
  for (const [file, patch] of Object.entries(REGISTRY_LINES)) {
    const target = path.join(dir, file);
    const text = readFileSync(target, "utf8");
    if (!text.includes(patch.after)) throw new Error(`${file} no longer has ${patch.after}`);
    const lineEnd = patch.line.startsWith(",") ? "" : "\n";
    const patched = text
      .replace(patch.after, `${patch.after}${lineEnd}${patch.line}`)
      .replace(/^(import [^\n]*\n)/m, `${patch.importLine}\n$1`);
    writeFileSync(target, patched);
  }
  return dir;
}

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `elwood <args>` from the copy's sources (tsx), with the kit home's environment. */
async function elwood(args: readonly string[], env: Record<string, string>): Promise<Run> {
  const main = path.join(copy, "src/cli/main.ts");
  const child = spawn(process.execPath, ["--import", "tsx", main, ...args], {
    cwd: copy,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, stdout, stderr };
}

interface KitHome {
  readonly home: string;
  readonly env: Readonly<Record<string, string>>;
  readonly echoHome?: string;
  cleanup(): Promise<void>;
}

let kitHome: KitHome;

beforeAll(async () => {
  copy = copyWithEcho();
  cleanups.push(() => rmSync(copy, { recursive: true, force: true }));
  // The kit of the copy, which now lists the echo agent's home.
  const kit = (await import(path.join(copy, "src/testing/index.ts"))) as {
    createAgentHome(options: object): Promise<KitHome>;
  };
  kitHome = await kit.createAgentHome({
    server: { anthropicBaseUrl: "http://127.0.0.1:9", openaiBaseUrl: "http://127.0.0.1:9/v1" },
    cliPaths: [path.dirname(process.execPath)],
  });
  cleanups.push(() => kitHome.cleanup());
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function workspace(): { cwd: string; stateDir: string } {
  const root = mkdtempSync(path.join(tmpdir(), "elwood-throwaway-ws-"));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  return { cwd: root, stateDir: path.join(root, "state") };
}

describe("a throwaway agent: its folder plus one registry line", () => {
  test("the kit seeds its home from its dialect folder", () => {
    expect(kitHome.echoHome).toBe(path.join(kitHome.home, ".echo"));
    expect(existsSync(kitHome.echoHome as string)).toBe(true);
    expect(kitHome.env.ECHO_AGENT_HOME).toBe(kitHome.echoHome);
  });

  test("`elwood --agent echo run` answers, with the posture flag its folder declares", async () => {
    const ws = workspace();
    const env = { ...kitHome.env };
    const run = await elwood(
      [
        "run",
        "--agent",
        "echo",
        "--echo-signature",
        "seam",
        "-C",
        ws.cwd,
        "--state-dir",
        ws.stateDir,
        "--output",
        "json",
        "hello from the seam",
      ],
      env,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const outcome = JSON.parse(run.stdout) as { agent: string; response: string };
    expect(outcome).toMatchObject({
      agent: "echo",
      response: "echo #1: hello from the seam [seam]",
    });
    // Its conversation went where the kit put its home.
    expect(readdirSync(path.join(kitHome.echoHome as string, "conversations"))).toHaveLength(1);
    // Another agent's posture flag is refused for it, before anything starts.
    const wrong = await elwood(
      ["run", "--agent", "echo", "--codex-sandbox", "read-only", "-C", ws.cwd, "x"],
      env,
    );
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("--codex-sandbox is a codex option, but the agent is echo");
    // Help and the config schema offer it.
    const help = await elwood(["run", "--help"], env);
    expect(help.stdout).toContain("--agent <claude|codex|gemini|copilot|echo>");
    expect(help.stdout).toContain("--echo-signature <tag>");
  }, 120_000);

  test("serve offers it to the page and drives it through POST /api/sessions", async () => {
    const ws = workspace();
    const serve = (await import(path.join(copy, "src/serve/index.ts"))) as {
      startServe(options: object): Promise<{
        url: string;
        token: string;
        close(options?: { force?: boolean }): Promise<void>;
      }>;
    };
    const server = await serve.startServe({ stateDir: ws.stateDir, sessionEnv: kitHome.env });
    cleanups.push(() => server.close({ force: true }));
    const api = async (method: string, route: string, body?: object) => {
      const response = await fetch(`${server.url}${route}`, {
        method,
        headers: {
          authorization: `Bearer ${server.token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    const agents = await api("GET", "/api/agents");
    expect(agents.status).toBe(200);
    const listed = agents.body.agents as { id: string; displayName: string; fields: object[] }[];
    expect(listed.map((agent) => agent.id)).toEqual([
      "claude",
      "codex",
      "gemini",
      "copilot",
      "echo",
    ]);
    expect(listed[4]).toEqual({
      id: "echo",
      displayName: "Echo",
      fields: [
        { name: "signature", kind: "string" },
        { name: "shout", kind: "boolean" },
        { name: "highTrust", kind: "boolean" },
      ],
    });

    const opened = await api("POST", "/api/sessions", {
      agent: "echo",
      cwd: ws.cwd,
      signature: "served",
      shout: true,
    });
    expect(opened.status).toBe(201);
    expect(opened.body.agent).toBe("echo");
    const id = opened.body.id as string;
    const sent = await api("POST", `/api/sessions/${encodeURIComponent(id)}/send`, {
      text: "over http",
    });
    expect(sent).toMatchObject({ status: 200, body: { text: "ECHO #1: OVER HTTP [served]" } });
    // Its fields are its own: another agent's posture field is refused for it.
    const wrong = await api("POST", "/api/sessions", {
      agent: "echo",
      cwd: ws.cwd,
      sandbox: "read-only",
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain("it is a codex option, not a echo one");
    const closed = await api("DELETE", `/api/sessions/${encodeURIComponent(id)}?teardown=1`);
    expect(closed.status).toBe(200);
  }, 120_000);

  test("the copy type-checks: the folder and its line need no other edit", async () => {
    const config = JSON.parse(readFileSync(path.join(copy, "tsconfig.json"), "utf8")) as object;
    // Only the sources: the copy has no tests or scripts.
    writeFileSync(
      path.join(copy, "tsconfig.src.json"),
      JSON.stringify({ ...config, include: ["src"] }),
    );
    const tsc = path.join(ROOT, "node_modules/typescript/bin/tsc");
    const checked = await promisify(execFile)(
      process.execPath,
      [tsc, "-p", "tsconfig.src.json", "--noEmit"],
      { cwd: copy },
    ).then(
      () => "",
      (failed: { stdout?: string }) => failed.stdout ?? "tsc failed",
    );
    expect(checked).toBe("");
  }, 180_000);

  test("the layer rules hold its folder to the adapter rules", async () => {
    const depcruise = path.join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
    const config = path.join(ROOT, ".dependency-cruiser.cjs");
    const clean = await promisify(execFile)(
      process.execPath,
      [depcruise, "src", "--config", config],
      { cwd: copy },
    );
    expect(clean.stdout).toContain("no dependency violations found");
    // The folder is an adapter by convention: importing the session layer from it fails.
    writeFileSync(
      path.join(copy, "src/echo/planted.ts"),
      'import type { AgentSession } from "../session/agent-session.js";\nexport type P = AgentSession;\n',
    );
    writeFileSync(
      path.join(copy, "src/echo/adapter.ts"),
      `${readFileSync(path.join(copy, "src/echo/adapter.ts"), "utf8")}\nexport type { P } from "./planted.js";\n`,
    );
    const planted = await promisify(execFile)(
      process.execPath,
      [depcruise, "src", "--config", config],
      { cwd: copy },
    ).then(
      (done) => done.stdout,
      (failed: { stdout?: string }) => failed.stdout ?? "",
    );
    expect(planted).toContain(
      "error adapters-never-import-above: src/echo/planted.ts → src/session/agent-session.ts",
    );
  }, 120_000);
});
