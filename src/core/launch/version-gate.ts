// The version gate (lifecycle §1.2) over the shared `--version` probe (shell/probe.ts): too
// old → *_version_unsupported; unparseable → a warning, or fatal when strict.
import { ElwoodError } from "../../errors.js";
import type { AutoupdateOutcome } from "../../shell/autoupdate.js";
import { type ProbeCliVersionOptions, probeCliVersion } from "../../shell/probe.js";
import { compareVersions } from "../../shell/version.js";
import type { AgentAdapter } from "../contract/adapter.js";
import type { ElwoodWarningInput } from "../contract/warnings.js";

/** `cli`: how to run the CLI (the launcher's one probe bundle); `strict`: unreadable is fatal. */
export async function checkCliVersion(
  cli: ProbeCliVersionOptions,
  adapter: Pick<AgentAdapter<unknown, unknown>, "displayName" | "errorNames" | "minimumVersion">,
  strict: boolean,
): Promise<{ readonly version: string | undefined; readonly warnings: ElwoodWarningInput[] }> {
  const { text: output, version } = await probeCliVersion(cli);
  if (version === undefined) {
    const message = `Could not read the ${adapter.displayName} version from \`--version\`; continuing without the version check.`;
    if (strict) {
      throw new ElwoodError<string>(adapter.errorNames.versionUnsupported, message, {
        details: { raw: output.slice(0, 200) },
      });
    }
    return { version, warnings: [{ source: "lifecycle", code: "version_unparseable", message }] };
  }
  if (compareVersions(version, adapter.minimumVersion) < 0) {
    throw new ElwoodError<string>(
      adapter.errorNames.versionUnsupported,
      `${adapter.displayName} ${version} is older than the minimum Elwood supports (${adapter.minimumVersion}); update it and try again.`,
      { details: { version, minimumVersion: adapter.minimumVersion } },
    );
  }
  return { version, warnings: [] };
}

/** The live `agent_update_failed` warning: safe fields only, no stderr (lifecycle §1.2). */
export function updateFailedWarning(
  adapter: {
    readonly binary: string;
    readonly displayName: string;
    readonly updateCommand?: readonly string[];
  },
  failure: Extract<AutoupdateOutcome, { kind: "failed" }>,
  version: string | undefined,
) {
  const errorCode =
    failure.errno ?? (failure.exitCode === null ? "UnknownError" : `exit_${failure.exitCode}`);
  return {
    source: "lifecycle" as const,
    code: "agent_update_failed" as const,
    message:
      adapter.updateCommand === undefined
        ? `${adapter.displayName} has no update command of its own (update it as you installed it); starting the installed ${adapter.displayName}, which meets the minimum version.`
        : `\`${[adapter.binary, ...adapter.updateCommand].join(" ")}\` failed (${errorCode}); starting the installed ${adapter.displayName}, which meets the minimum version.`,
    installedVersion: version ?? "unknown",
    errorCode,
  };
}
