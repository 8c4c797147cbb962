// Gemini CLI's home in the kit: the Google Gemini API dialect of the scripted server
// (GOOGLE_GEMINI_BASE_URL) with an API key, user settings that open straight at the
// composer, and its trusted-folders list (read only when folder trust is on).
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { AgentHomeDialect } from "../dialect.js";

/** The API key variable Gemini CLI reads for its "gemini-api-key" auth type. */
export const GEMINI_KEY_VARIABLE = "GEMINI_API_KEY";

/**
 * Gemini's user settings: API-key auth chosen (no auth picker), no update checks or
 * notices, no usage statistics, no session cleanup, a fixed model (so main turns skip
 * the model router), and folder trust off unless the test asks for its dialog.
 */
export function geminiSettings(model: string, folderTrust: boolean): string {
  const settings = {
    security: {
      auth: { selectedType: "gemini-api-key" },
      folderTrust: { enabled: folderTrust },
    },
    general: {
      enableAutoUpdate: false,
      enableAutoUpdateNotification: false,
      sessionRetention: { enabled: false },
    },
    privacy: { usageStatisticsEnabled: false },
    model: { name: model },
  };
  return `${JSON.stringify(settings, null, 2)}\n`;
}

/** Gemini's trusted-folders list: the folders a test trusts when folder trust is on. */
export function geminiTrustedFolders(trustedDirs: readonly string[]): string {
  const rules = Object.fromEntries(trustedDirs.map((dir) => [dir, "TRUST_FOLDER"]));
  return `${JSON.stringify(rules, null, 2)}\n`;
}

export interface GeminiHomeOptions {
  /** Turn Gemini's folder trust on, so an untrusted folder shows its dialog; default off. */
  readonly geminiFolderTrust?: boolean;
  /** Model name Gemini is configured with; default "gemini-2.5-pro" (see prd/gemini.md). */
  readonly geminiModel?: string;
}

export interface GeminiHomeResult {
  /** `$HOME/.gemini`: Gemini's settings, trusted folders and chats (under tmp/). */
  readonly geminiHome: string;
}

const geminiHomeOf = (home: string) => join(home, ".gemini");

export const geminiHome: AgentHomeDialect<GeminiHomeOptions, GeminiHomeResult> = {
  agent: "gemini",
  cliNames: ["gemini"],
  packages: ["@google/gemini-cli"],
  droppedVariable: /^(GEMINI_|GOOGLE_GEMINI_)/i,
  // 0.61.0 asks twice, both tool-less :generateContent side requests: "Generate a new
  // <state_snapshot>…", then "Critically evaluate the <state_snapshot> you just
  // generated…", whose answer is the summary kept (the same text, so both get it).
  compactionSummary: (summary) => [
    { match: "<state_snapshot>", sideRequest: true, repeat: true, steps: [{ say: summary }] },
  ],
  variables: ({ server }) => ({
    [GEMINI_KEY_VARIABLE]: "elwood-scripted-key",
    // Without a Google dialect on the server, Gemini is not pointed anywhere.
    ...(server.googleBaseUrl === undefined ? {} : { GOOGLE_GEMINI_BASE_URL: server.googleBaseUrl }),
  }),
  async seed({ home, trustedDirs, options }) {
    const dir = geminiHomeOf(home);
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, "settings.json"),
      geminiSettings(options.geminiModel ?? "gemini-2.5-pro", options.geminiFolderTrust === true),
    );
    await writeFile(join(dir, "trustedFolders.json"), geminiTrustedFolders(trustedDirs));
  },
  result: ({ home }) => ({ geminiHome: geminiHomeOf(home) }),
};
