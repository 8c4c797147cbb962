// createAgentHome(): a fresh, private HOME in which every agent CLI the kit lists
// (dialects.ts) starts without first-run dialogs and talks only to a scripted model server.
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { ElwoodError } from "../../errors.js";
import { callSiteFiles, defaultCliDirs } from "./cli-dirs.js";
import type { AgentHomeServer, DialectOptions, DialectResults, HomeSeed } from "./dialect.js";
import { AGENT_HOME_DIALECTS, type ListedDialect } from "./dialects.js";
import { shellProfile } from "./files.js";

export type { AgentHomeServer };

export type AgentHomeOptions = CommonHomeOptions & DialectOptions<ListedDialect>;

export interface CommonHomeOptions {
  /** The model server every CLI should reach (a ScriptedModelServer fits). */
  readonly server: AgentHomeServer;
  /** Folders the agents treat as already trusted; every other folder shows the trust dialog. */
  readonly trustedDirs?: readonly string[];
  /**
   * Folders to put on PATH. Default: the folders of the agents' CLIs as found in a
   * `node_modules/.bin` above the calling module, the working directory or the kit
   * itself, else on PATH; plus node's folder. Finding none is `invalid_options`.
   */
  readonly cliPaths?: readonly string[];
  /** Shell lines appended to .profile and .bashrc. */
  readonly extraProfile?: readonly string[];
  /** Base environment for `env`; default process.env. Credentials in it are dropped. */
  readonly baseEnv?: NodeJS.ProcessEnv;
  /** Parent folder of the home; default the OS temp folder. */
  readonly parentDir?: string;
}

export type AgentHome = CommonHome & DialectResults<ListedDialect>;

export interface CommonHome {
  /** Absolute path of the home folder (mode 0700). */
  readonly home: string;
  /** A complete environment for spawning any of the CLIs directly in this home. */
  readonly env: Readonly<Record<string, string>>;
  /** Removes the home folder. Idempotent. */
  cleanup(): Promise<void>;
}

/** Variables that would point a CLI at a cloud account, a real config or the host terminal. */
const DROPPED_VARIABLE = /^(AWS_|GOOGLE_|VERTEX|XDG_|TMUX|COLUMNS$|LINES$|(HTTPS?|ALL|NO)_PROXY$)/i;
const isDropped = (name: string) =>
  DROPPED_VARIABLE.test(name) ||
  AGENT_HOME_DIALECTS.some((dialect) => dialect.droppedVariable.test(name));

const DEAD_PROXY = "http://127.0.0.1:9";
const LOOPBACK_HOSTS = "127.0.0.1,localhost,::1";

export async function createAgentHome(options: AgentHomeOptions): Promise<AgentHome> {
  // Read before the first await: afterwards the stack no longer names the caller.
  const callSite = callSiteFiles(new Error().stack);
  const { cliPaths } = options;
  if (
    cliPaths !== undefined &&
    (!Array.isArray(cliPaths) || !cliPaths.every((dir) => typeof dir === "string" && dir !== ""))
  ) {
    throw new ElwoodError("invalid_options", "`cliPaths` must be an array of folder paths.", {
      details: { option: "cliPaths" },
    });
  }
  const base = options.baseEnv ?? process.env;
  const cliDirs = (
    cliPaths ??
    defaultCliDirs({
      ...(callSite.caller === undefined ? {} : { callerFile: callSite.caller }),
      ...(callSite.kit === undefined ? {} : { kitFile: callSite.kit }),
      cwd: process.cwd(),
      pathVariable: base.PATH,
    })
  ).map((dir) => resolve(dir));
  const home = await mkdtemp(join(options.parentDir ?? tmpdir(), "elwood-home-"));
  await chmod(home, 0o700);
  const seed: HomeSeed<AgentHomeOptions> = {
    home,
    server: options.server,
    trustedDirs: (options.trustedDirs ?? []).map((dir) => resolve(dir)),
    options,
  };
  const variables: Record<string, string> = {
    ...Object.assign({}, ...AGENT_HOME_DIALECTS.map((dialect) => dialect.variables(seed))),
    // Any request that is not to loopback goes to a closed loopback port and fails fast:
    // belt and braces for fetches no setting turns off (an agent's announcement tip).
    HTTPS_PROXY: DEAD_PROXY,
    HTTP_PROXY: DEAD_PROXY,
    https_proxy: DEAD_PROXY,
    http_proxy: DEAD_PROXY,
    NO_PROXY: LOOPBACK_HOSTS,
    no_proxy: LOOPBACK_HOSTS,
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_CACHE_HOME: join(home, ".cache"),
    XDG_DATA_HOME: join(home, ".local", "share"),
    XDG_STATE_HOME: join(home, ".local", "state"),
    // The CLIs keep scratch dirs under TMPDIR (per-user dirs, sandbox mount targets);
    // inside the home, cleanup() removes them with everything else.
    TMPDIR: join(home, "tmp"),
  };
  try {
    await mkdir(join(home, "tmp"), { mode: 0o700 });
    for (const dialect of AGENT_HOME_DIALECTS) await dialect.seed(seed);
    const profile = shellProfile(cliDirs, variables, options.extraProfile ?? []);
    await writeFile(join(home, ".bashrc"), profile);
    // bash -l reads .profile only; source .bashrc from it so both shell kinds agree.
    await writeFile(
      join(home, ".profile"),
      `${profile}[ -f "$HOME/.bashrc" ] && . "$HOME/.bashrc"\n`,
    );
  } catch (error) {
    await rm(home, { recursive: true, force: true });
    throw error;
  }

  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) {
    if (value !== undefined && !isDropped(name)) env[name] = value;
  }
  const inheritedPath = (base.PATH ?? "").split(delimiter).filter(Boolean);
  Object.assign(env, variables, {
    HOME: home,
    USERPROFILE: home,
    PATH: [...new Set([...cliDirs, ...inheritedPath])].join(delimiter),
    TERM: "xterm-256color",
  });
  let removed: Promise<void> | undefined;
  return {
    ...Object.assign({}, ...AGENT_HOME_DIALECTS.map((dialect) => dialect.result(seed))),
    home,
    env,
    cleanup() {
      removed ??= rm(home, { recursive: true, force: true });
      return removed;
    },
  } as AgentHome;
}
