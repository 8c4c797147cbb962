// Where the config file and the state dir live (spec §5.5, §5.6). XDG bases count only
// when absolute, as the XDG spec says.
import os from "node:os";
import path from "node:path";

export type Env = Readonly<Record<string, string | undefined>>;

function absoluteBase(value: string | undefined): string | undefined {
  return value !== undefined && path.isAbsolute(value) ? value : undefined;
}

function home(env: Env): string {
  return env.HOME !== undefined && path.isAbsolute(env.HOME) ? env.HOME : os.homedir();
}

/** `$ELWOOD_CONFIG`, else `$XDG_CONFIG_HOME/elwood/config.json`, else `~/.config/elwood/config.json`. */
export function configPath(env: Env, cwd: string): string {
  if (env.ELWOOD_CONFIG !== undefined && env.ELWOOD_CONFIG !== "") {
    return path.resolve(cwd, env.ELWOOD_CONFIG);
  }
  const base = absoluteBase(env.XDG_CONFIG_HOME) ?? path.join(home(env), ".config");
  return path.join(base, "elwood", "config.json");
}

/** `$XDG_STATE_HOME/elwood`, else `~/.local/state/elwood`: never inside a workspace. */
export function defaultStateDir(env: Env): string {
  const base = absoluteBase(env.XDG_STATE_HOME) ?? path.join(home(env), ".local", "state");
  return path.join(base, "elwood");
}
