// Adapter-neutral screen matching (tables come from each adapter's screen/facts.ts).
export { matchScreen } from "./match-screen.js";
export { findOptions, normalizeText } from "./options.js";
export {
  ARROW_DOWN,
  ARROW_UP,
  ENTER,
  type OptionKeyPlan,
  planOptionKeys,
} from "./select-option.js";
export * from "./types.js";
