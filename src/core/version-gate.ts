// The version gate (lifecycle §1.2): `<cli> --version` through the login shell, so the
// probe finds the same installation the session will run. Missing CLI → *_not_found;
// too old → *_version_unsupported; unparseable → a warning, or fatal when strict.
import { ElwoodError } from "../errors.js";
import { shellQuote } from "../shell/login-shell.js";
import { runBoundedProbe } from "../shell/probe.js";
import { compareVersions, parseVersion } from "../shell/version.js";
import type { AgentAdapter } from "./adapter.js";

export interface VersionCheck {
  readonly version: string | undefined;
  readonly warnings: readonly { readonly code: string; readonly message: string }[];
}

interface CheckOptions {
  readonly adapter: Pick<
    AgentAdapter<unknown, unknown>,
    "binary" | "displayName" | "errorNames" | "minimumVersion"
  >;
  readonly shell: string;
  readonly executable: string | undefined;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly strict: boolean;
}

const probeCache = new Map<string, Promise<string>>();

/** One shared probe per process per CLI binary; failures are not cached (C-LIFE-09). */
function readVersionOutput(options: CheckOptions): Promise<string> {
  const program = options.executable ?? options.adapter.binary;
  const key = `${options.shell}\0${program}`;
  const cached = probeCache.get(key);
  if (cached !== undefined) return cached;
  const probe = probeVersion(options, program);
  probeCache.set(key, probe);
  probe.catch(() => probeCache.delete(key));
  return probe;
}

async function probeVersion(options: CheckOptions, program: string): Promise<string> {
  const { adapter } = options;
  const quoted = shellQuote(program);
  // `command -v` first so "not installed" is told apart from "installed but broken".
  const script = `command -v ${quoted} >/dev/null 2>&1 || exit 127; exec ${quoted} --version`;
  const result = await runBoundedProbe({
    file: options.shell,
    args: ["-l", "-i", "-c", script],
    cwd: options.cwd,
    env: options.env,
  });
  if (result.exitCode === 127 || result.errno === "ENOENT") {
    throw new ElwoodError(
      adapter.errorNames.notFound,
      `Could not find \`${program}\` from your login shell (${options.shell}). Install ${adapter.displayName}, put it on the PATH your shell startup files set, or pass its path as \`executable\`.`,
      { details: { program, shell: options.shell } },
    );
  }
  if (result.exitCode !== 0 || result.errno !== undefined) {
    throw new ElwoodError(
      adapter.errorNames.startFailed,
      `\`${program} --version\` failed (exit ${String(result.exitCode)}${result.errno === undefined ? "" : `, ${result.errno}`}).`,
      {
        details: {
          program,
          exitCode: result.exitCode,
          stderr: result.stderr.slice(-2000),
          ...(result.errno === undefined ? {} : { errno: result.errno }),
        },
      },
    );
  }
  return result.stdout;
}

export async function checkCliVersion(options: CheckOptions): Promise<VersionCheck> {
  const { adapter } = options;
  const output = await readVersionOutput(options);
  const version = parseVersion(output);
  if (version === undefined) {
    const message = `Could not read the ${adapter.displayName} version from \`--version\`; continuing without the version check.`;
    if (options.strict) {
      throw new ElwoodError(adapter.errorNames.versionUnsupported, message, {
        details: { raw: output.slice(0, 200) },
      });
    }
    return { version, warnings: [{ code: "version_unparseable", message }] };
  }
  if (compareVersions(version, adapter.minimumVersion) < 0) {
    throw new ElwoodError(
      adapter.errorNames.versionUnsupported,
      `${adapter.displayName} ${version} is older than the minimum Elwood supports (${adapter.minimumVersion}); update it and try again.`,
      { details: { version, minimumVersion: adapter.minimumVersion } },
    );
  }
  return { version, warnings: [] };
}

/** Forget cached versions, e.g. after an update attempt. */
export function clearVersionCache(): void {
  probeCache.clear();
}

const helpCache = new Map<string, Promise<string>>();

/** `<cli> --help` through the login shell, once per process; "" when it fails. */
export function readCliHelp(options: Omit<CheckOptions, "strict">): Promise<string> {
  const program = options.executable ?? options.adapter.binary;
  const key = `${options.shell}\0${program}`;
  let cached = helpCache.get(key);
  if (cached === undefined) {
    cached = runBoundedProbe({
      file: options.shell,
      args: ["-l", "-i", "-c", `exec ${shellQuote(program)} --help`],
      cwd: options.cwd,
      env: options.env,
    }).then((result) => (result.exitCode === 0 ? result.stdout : ""));
    helpCache.set(key, cached);
  }
  return cached;
}
