// Every error name the package can throw: Elwood's own (src/errors.ts) and each shipped
// agent's, declared beside its adapter. A new agent adds its list here (prd/internals.md
// "Adding an agent"). The root exports the one error class typed with all of them.
import { CLAUDE_ERROR_NAMES } from "./claude/errors.js";
import { CODEX_ERROR_NAMES } from "./codex/errors.js";
import { COPILOT_ERROR_NAMES } from "./copilot/errors.js";
import {
  ELWOOD_OWN_ERROR_NAMES,
  type ElwoodErrorClass,
  ElwoodError as ElwoodErrorOf,
} from "./errors.js";
import { GEMINI_ERROR_NAMES } from "./gemini/errors.js";

export const ELWOOD_ERROR_NAMES = [
  ...ELWOOD_OWN_ERROR_NAMES,
  ...CLAUDE_ERROR_NAMES,
  ...CODEX_ERROR_NAMES,
  ...GEMINI_ERROR_NAMES,
  ...COPILOT_ERROR_NAMES,
] as const;

export type ElwoodErrorName = (typeof ELWOOD_ERROR_NAMES)[number];

/** The one error class (the same class src/errors.ts defines), typed with every name. */
export const ElwoodError: ElwoodErrorClass<ElwoodErrorName> = ElwoodErrorOf;
export type ElwoodError = ElwoodErrorOf<ElwoodErrorName>;
