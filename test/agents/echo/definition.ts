// The echo agent's registry line reads this: its adapter, options and app facts.
import { echoAdapter } from "./adapter.js";
import { echoAppFacts } from "./app-facts.js";
import { echoOptions } from "./options.js";

export const echoDefinition = {
  adapter: echoAdapter,
  options: echoOptions,
  app: echoAppFacts,
};
