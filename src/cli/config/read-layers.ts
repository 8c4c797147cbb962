// Builds the flag/env/config layers for a command; `--no-defaults` leaves only flags.
import type { ParsedArgs } from "../args/parse.js";
import type { CliIo } from "../io/cli-io.js";
import { elwoodEnv, type Layers } from "./layers.js";
import { EMPTY_CONFIG, loadConfig } from "./load.js";
import { configPath } from "./paths.js";

export async function readLayers(parsed: ParsedArgs, io: CliIo): Promise<Layers> {
  if (parsed.options.get("defaults") === false) {
    return { flags: parsed.options, env: {}, config: EMPTY_CONFIG };
  }
  return {
    flags: parsed.options,
    env: elwoodEnv(io.env),
    config: await loadConfig(configPath(io.env, io.cwd)),
  };
}
