// createAgentHome(): a fresh, private HOME in which the real claude, codex and gemini
// CLIs start without first-run dialogs and talk only to a scripted model server.
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { ElwoodError } from "../../errors.js";
import { callSiteFiles, defaultCliDirs } from "./cli-dirs.js";
import {
  codexModelCatalog,
  DEFAULT_CODEX_MODELS,
  type ScriptedCodexModel,
} from "./codex-catalog.js";
import {
  CODEX_KEY_VARIABLE,
  claudeJson,
  claudeSettings,
  codexConfig,
  GEMINI_KEY_VARIABLE,
  geminiSettings,
  geminiTrustedFolders,
  shellProfile,
} from "./files.js";

export interface AgentHomeServer {
  readonly anthropicBaseUrl: string;
  readonly openaiBaseUrl: string;
  /** For Gemini CLI (GOOGLE_GEMINI_BASE_URL); without it Gemini is not pointed anywhere. */
  readonly googleBaseUrl?: string;
}

export interface AgentHomeOptions {
  /** The model server both CLIs should reach (a ScriptedModelServer fits). */
  readonly server: AgentHomeServer;
  /**
   * Folders Claude treats as already trusted; every other folder shows the trust dialog.
   * Gemini lists them in its trusted folders, which it reads only with `geminiFolderTrust`.
   */
  readonly trustedDirs?: readonly string[];
  /** Turn Gemini's folder trust on, so an untrusted folder shows its dialog; default off. */
  readonly geminiFolderTrust?: boolean;
  /** Model name Gemini is configured with; default "gemini-2.5-pro" (see prd/gemini.md). */
  readonly geminiModel?: string;
  /**
   * Folders to put on PATH. Default: the folders of `claude` and `codex` as found in a
   * `node_modules/.bin` above the calling module, the working directory or the kit
   * itself, else on PATH; plus node's folder. Finding neither is `invalid_options`.
   */
  readonly cliPaths?: readonly string[];
  /** Shell lines appended to .profile and .bashrc. */
  readonly extraProfile?: readonly string[];
  /** Model name Codex is configured with; default "scripted-model". */
  readonly codexModel?: string;
  /** The rows of Codex's `/model` picker; default "scripted-model" and "scripted-model-alt". */
  readonly codexModels?: readonly ScriptedCodexModel[];
  /** Base environment for `env`; default process.env. Credentials in it are dropped. */
  readonly baseEnv?: NodeJS.ProcessEnv;
  /** Parent folder of the home; default the OS temp folder. */
  readonly parentDir?: string;
}

export interface AgentHome {
  /** Absolute path of the home folder (mode 0700). */
  readonly home: string;
  /** A complete environment for spawning either CLI directly in this home. */
  readonly env: Readonly<Record<string, string>>;
  /** `$HOME/.codex`, also exported as CODEX_HOME. */
  readonly codexHome: string;
  /** `$HOME/.gemini`: Gemini's settings, trusted folders and chats (under tmp/). */
  readonly geminiHome: string;
  /** Removes the home folder. Idempotent. */
  cleanup(): Promise<void>;
}

/** Variables that would point a CLI at a real account, a real config or the host terminal. */
const DROPPED_VARIABLE =
  /^(ANTHROPIC_|CLAUDE_|CLAUDECODE$|CODEX_|OPENAI_|AWS_|GOOGLE_|GEMINI_|VERTEX|XDG_|TMUX|COLUMNS$|LINES$|(HTTPS?|ALL|NO)_PROXY$)/i;

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
  const codexHome = join(home, ".codex");
  const geminiHome = join(home, ".gemini");
  const variables: Record<string, string> = {
    ANTHROPIC_BASE_URL: options.server.anthropicBaseUrl,
    // An auth token (not an API key) avoids Claude's "Detected a custom API key" dialog.
    ANTHROPIC_AUTH_TOKEN: "elwood-scripted-token",
    DISABLE_AUTOUPDATER: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_TELEMETRY: "1",
    // Otherwise claude probes `ssh git@github.com` and clones its plugin marketplace.
    CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: "1",
    DISABLE_ERROR_REPORTING: "1",
    [CODEX_KEY_VARIABLE]: "elwood-scripted-key",
    CODEX_HOME: codexHome,
    [GEMINI_KEY_VARIABLE]: "elwood-scripted-key",
    ...(options.server.googleBaseUrl === undefined
      ? {}
      : { GOOGLE_GEMINI_BASE_URL: options.server.googleBaseUrl }),
    // Any request that is not to loopback goes to a closed loopback port and fails fast:
    // belt and braces for fetches no setting turns off (codex's announcement tip).
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
    // Both CLIs keep scratch dirs under TMPDIR (claude-<uid>, codex sandbox mount
    // targets); inside the home, cleanup() removes them with everything else.
    TMPDIR: join(home, "tmp"),
  };
  try {
    await mkdir(join(home, ".claude"), { recursive: true });
    await mkdir(join(home, "tmp"), { mode: 0o700 });
    await mkdir(codexHome, { recursive: true });
    const trusted = (options.trustedDirs ?? []).map((dir) => resolve(dir));
    await writeFile(join(home, ".claude.json"), claudeJson(trusted));
    await writeFile(join(home, ".claude", "settings.json"), claudeSettings());
    const model = options.codexModel ?? "scripted-model";
    const catalogPath = join(codexHome, "elwood-model-catalog.json");
    await writeFile(catalogPath, codexModelCatalog(options.codexModels ?? DEFAULT_CODEX_MODELS));
    await writeFile(
      join(codexHome, "config.toml"),
      codexConfig(options.server.openaiBaseUrl, model, catalogPath),
    );
    await mkdir(geminiHome, { recursive: true });
    await writeFile(
      join(geminiHome, "settings.json"),
      geminiSettings(options.geminiModel ?? "gemini-2.5-pro", options.geminiFolderTrust === true),
    );
    await writeFile(join(geminiHome, "trustedFolders.json"), geminiTrustedFolders(trusted));
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
    if (value !== undefined && !DROPPED_VARIABLE.test(name)) env[name] = value;
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
    home,
    env,
    codexHome,
    geminiHome,
    cleanup() {
      removed ??= rm(home, { recursive: true, force: true });
      return removed;
    },
  };
}
