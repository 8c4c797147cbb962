// Codex's own view of hook trust, from the real CLI's app server (`codex app-server`,
// JSON-RPC over stdio, no model): `hooks/list` reports every hook Codex discovered for a
// folder with its key, source, hash and trust status, and `config/batchWrite` is how a
// Codex client records a person's review in the user's config.toml
// (`hooks.state."<key>".trusted_hash`). The e2e tests use both: to see which hooks Codex
// would run under Elwood's launch overrides, and to review a hook the way Codex does.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";

export interface CodexHookListing {
  readonly key: string;
  readonly eventName: string;
  readonly source: string;
  readonly command: string | null;
  readonly currentHash: string;
  readonly trustStatus: "managed" | "untrusted" | "trusted" | "modified";
  readonly enabled: boolean;
}

interface RpcReply {
  readonly id?: number;
  readonly result?: unknown;
  readonly error?: { readonly message: string };
}

/** One app server, its replies matched to requests by id. */
class AppServer {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting = new Map<number, (reply: RpcReply) => void>();
  private nextId = 1;
  private buffered = "";

  constructor(cwd: string, env: Record<string, string>, overrides: readonly string[]) {
    const args = ["app-server", ...overrides.flatMap((override) => ["-c", override])];
    this.child = spawn("codex", args, { cwd, env, stdio: ["pipe", "pipe", "pipe"] });
    this.child.stderr.resume();
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk: string) => this.read(chunk));
  }

  private read(chunk: string): void {
    this.buffered += chunk;
    for (let end = this.buffered.indexOf("\n"); end >= 0; end = this.buffered.indexOf("\n")) {
      const line = this.buffered.slice(0, end);
      this.buffered = this.buffered.slice(end + 1);
      const reply = JSON.parse(line) as RpcReply;
      if (reply.id !== undefined) this.waiting.get(reply.id)?.(reply);
    }
  }

  async request(method: string, params: unknown): Promise<unknown> {
    const id = this.nextId++;
    const reply = new Promise<RpcReply>((resolve, reject) => {
      this.waiting.set(id, resolve);
      this.child.once("exit", (code) => reject(new Error(`codex app-server exited ${code}`)));
    });
    this.child.stdin.write(`${JSON.stringify({ id, method, params })}\n`);
    const { result, error } = await reply;
    if (error !== undefined) throw new Error(`${method}: ${error.message}`);
    return result;
  }

  notify(method: string): void {
    this.child.stdin.write(`${JSON.stringify({ method })}\n`);
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.child.kill("SIGTERM");
    await exited;
  }
}

async function withAppServer<T>(
  cwd: string,
  env: Record<string, string>,
  overrides: readonly string[],
  use: (server: AppServer) => Promise<T>,
): Promise<T> {
  const server = new AppServer(cwd, env, overrides);
  try {
    const clientInfo = { name: "elwood-e2e", version: "0" };
    await server.request("initialize", { clientInfo, capabilities: null });
    server.notify("initialized");
    return await use(server);
  } finally {
    await server.close();
  }
}

async function listIn(server: AppServer, cwd: string): Promise<CodexHookListing[]> {
  const result = (await server.request("hooks/list", { cwds: [cwd] })) as {
    data: { hooks: CodexHookListing[] }[];
  };
  return result.data.flatMap((entry) => entry.hooks);
}

/** Every hook Codex finds for `cwd` under these `-c` overrides, with its trust status. */
export function codexHookListing(
  cwd: string,
  env: Record<string, string>,
  overrides: readonly string[] = [],
): Promise<CodexHookListing[]> {
  return withAppServer(cwd, env, overrides, (server) => listIn(server, cwd));
}

/**
 * Reviews the hooks `isReviewed` picks as a person does in Codex: each one's current hash
 * recorded as trusted in the user's config.toml, written by Codex itself. Returns the
 * keys it recorded.
 */
export function reviewCodexHooks(
  cwd: string,
  env: Record<string, string>,
  isReviewed: (hook: CodexHookListing) => boolean,
): Promise<string[]> {
  return withAppServer(cwd, env, [], async (server) => {
    const hooks = (await listIn(server, cwd)).filter(isReviewed);
    const state = Object.fromEntries(
      hooks.map((hook) => [hook.key, { trusted_hash: hook.currentHash }]),
    );
    await server.request("config/batchWrite", {
      edits: [{ keyPath: "hooks.state", value: state, mergeStrategy: "upsert" }],
    });
    return hooks.map((hook) => hook.key);
  });
}

/** Trusts `cwd` as a person does at Codex's folder-trust prompt, so its `.codex/` loads. */
export function trustCodexFolder(cwd: string, env: Record<string, string>): Promise<void> {
  return withAppServer(cwd, env, [], async (server) => {
    await server.request("config/batchWrite", {
      edits: [
        {
          keyPath: "projects",
          value: { [cwd]: { trust_level: "trusted" } },
          mergeStrategy: "upsert",
        },
      ],
    });
  });
}
