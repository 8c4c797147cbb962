// The kit's registry: the agent homes createAgentHome() seeds, one line per agent, each
// its dialect folder's (agent-home/<agent>/home.ts). The first found CLI's folder goes
// first on PATH.
import { claudeHome } from "./claude/home.js";
import { codexHome } from "./codex/home.js";
import { copilotHome } from "./copilot/home.js";
import { geminiHome } from "./gemini/home.js";

export const AGENT_HOME_DIALECTS = [claudeHome, codexHome, geminiHome, copilotHome] as const;

export type ListedDialect = (typeof AGENT_HOME_DIALECTS)[number];
