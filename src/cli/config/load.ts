// Reads and validates the config file; a missing file is an empty config.
import { usageError } from "../usage-error.js";
import { readPrivateText } from "./private-file.js";
import { ConfigSchema, describeConfigIssues, type ElwoodConfig } from "./schema.js";

export const EMPTY_CONFIG: ElwoodConfig = { schemaVersion: 1 };

export async function loadConfig(file: string): Promise<ElwoodConfig> {
  const text = await readPrivateText(file);
  if (text === undefined) return EMPTY_CONFIG;
  return parseConfig(text, file);
}

export function parseConfig(text: string, file: string): ElwoodConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw usageError(
      `The config file ${file} is not valid JSON; fix it or run \`elwood config path\` to find it.`,
    );
  }
  const parsed = ConfigSchema.safeParse(value);
  if (!parsed.success) {
    const version = (value as { schemaVersion?: unknown } | null)?.schemaVersion;
    if (version !== 1) {
      throw usageError(
        `The config file ${file} has schemaVersion ${JSON.stringify(version)}; this elwood reads version 1.`,
      );
    }
    throw usageError(`The config file ${file} is invalid: ${describeConfigIssues(parsed.error)}.`);
  }
  return parsed.data;
}
