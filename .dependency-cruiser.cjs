// The layer rules of src/ (prd/internals.md "Layer rules"), checked by `npm run deps`
// (part of `npm test`). Every rule is an error; type-only imports count like any other
// (tsPreCompilationDeps), so a cycle through `import type` fails too.
//
// From the bottom up: errors.ts and the mechanisms (events, state, terminal, shell,
// transcript, bridge, options) → core (contract → context → screen | loops → turn | operations →
// runtime → launch) → the adapters → session, agents.ts → index.ts → serve, acp, cli (apps
// on the package root). src/testing is the offline test kit.
//
// An adapter is any folder of src/ with an adapter.ts (prd/adding-an-agent.md): the rules
// below name no agent, so a new agent's folder is held to them the moment it exists.
const fs = require("node:fs");
const path = require("node:path");

/** What each mechanism may import besides itself: only what is below it. */
const MECHANISMS = {
  events: [],
  state: ["src/errors.ts"],
  shell: ["src/errors.ts"],
  transcript: ["src/errors.ts"],
  terminal: ["src/errors.ts", "src/events/"],
  bridge: ["src/errors.ts", "src/shell/"],
  options: ["src/errors.ts"],
};

/**
 * Named exceptions to "serve-uses-the-package-root": the exact files, and the exact
 * modules each may import besides the root — non-public helpers the package root does
 * not export.
 */
const SERVE_EXCEPTIONS = {
  // The bearer token: 256 random bits, compared in constant time, as the bridge's token.
  "src/serve/auth.ts": ["src/bridge/token.ts"],
  "src/serve/server.ts": ["src/bridge/token.ts"],
  // The event log's emitter (listener errors contained, like the session's).
  "src/serve/event-log.ts": ["src/events/emitter.ts"],
  // A terminal size from a request body, checked as `resize()` checks it.
  "src/serve/request-fields.ts": ["src/terminal/terminal.ts"],
  // The discovery file: the state layer's no-follow, owner-checked, rename-atomic 0600 files.
  "src/serve/discovery/runtime-files.ts": ["src/state/path-safety.ts", "src/state/private-files.ts"],
  // `elwood attach`: the same terminal takeover as `session.attach()` (raw mode, detach key,
  // resize, restore), over the terminal socket instead of a session.
  "src/serve/attach/attach-client.ts": [
    "src/terminal/takeover/detach-key.ts",
    "src/terminal/takeover/terminal-takeover.ts",
  ],
  "src/serve/attach/socket-screen.ts": ["src/terminal/takeover/terminal-takeover.ts"],
};

const CORE_LAYERS = "approvals|contract|screen|loops|context|turn|operations|runtime|launch";

/** The folders of src/ that are not adapters: the mechanisms, core, session, the apps, the kit. */
const LAYER_FOLDERS = [...Object.keys(MECHANISMS), "core", "session", "serve", "acp", "cli", "testing"];

/** The adapter folders of the tree being cruised (run from its root, as `npm run deps` is). */
function adapterFolders() {
  const src = path.join(process.cwd(), "src");
  const entries = fs.existsSync(src) ? fs.readdirSync(src, { withFileTypes: true }) : [];
  return entries
    .filter((entry) => entry.isDirectory() && !LAYER_FOLDERS.includes(entry.name))
    .filter((entry) => fs.existsSync(path.join(src, entry.name, "adapter.ts")))
    .map((entry) => entry.name.replace(/[.]/g, "[.]"));
}

// "(?!)" never matches: a tree with no adapter has no adapter to hold to the rules.
const ADAPTERS = adapterFolders().join("|") || "(?!)";

/** Path regexes: a file matches only itself, a folder ("src/events/") everything in it. */
const exact = (paths) =>
  paths.map((p) => `^${p.replace(/[.]/g, "[.]")}${p.endsWith("/") ? "" : "$"}`);

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import cycles anywhere in src, type-only imports included.",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "no-unresolvable",
      comment: "Every import resolves, so no edge escapes the rules below.",
      severity: "error",
      from: { path: "^src/" },
      to: { couldNotResolve: true },
    },
    {
      name: "core-never-imports-above",
      comment: "core never imports an adapter, the session layer, the apps or the root.",
      severity: "error",
      from: { path: "^src/core/" },
      to: { path: `^src/(${ADAPTERS}|session|serve|acp|cli|testing)/|^src/(agents|index)[.]ts$` },
    },
    {
      name: "core-files-live-in-a-layer",
      comment: `Every core file sits in one of the layer folders (${CORE_LAYERS}).`,
      severity: "error",
      from: {},
      to: { path: `^src/core/(?!(${CORE_LAYERS})/)` },
    },
    {
      name: "core-contract-is-the-floor",
      comment: "contract/ (shared types, argument checks) imports nothing else in core.",
      severity: "error",
      from: { path: "^src/core/contract/" },
      to: { path: "^src/core/", pathNot: "^src/core/contract/" },
    },
    {
      name: "core-context-uses-only-contract",
      comment: "context/ (the session context every part shares) imports only contract/.",
      severity: "error",
      from: { path: "^src/core/context/" },
      to: { path: "^src/core/", pathNot: "^src/core/(contract|context)/" },
    },
    {
      name: "core-screen-loops-use-only-context",
      comment: "screen/, loops/ and approvals/ import only contract/ and context/ (and themselves).",
      severity: "error",
      from: { path: "^src/core/(screen|loops|approvals)/" },
      to: { path: "^src/core/", pathNot: "^src/core/(contract|context|$1)/" },
    },
    {
      name: "core-turn-operations-stay-below-runtime",
      comment: "turn/ and operations/ never import each other, runtime/ or launch/.",
      severity: "error",
      from: { path: "^src/core/(turn|operations)/" },
      to: { path: "^src/core/(turn|operations|runtime|launch)/", pathNot: "^src/core/$1/" },
    },
    {
      name: "core-runtime-below-launch",
      comment: "runtime/ never imports launch/; launch/ is core's top.",
      severity: "error",
      from: { path: "^src/core/runtime/" },
      to: { path: "^src/core/launch/" },
    },
    ...Object.entries(MECHANISMS).map(([mechanism, below]) => ({
      name: `${mechanism}-imports-only-below`,
      comment: `src/${mechanism} imports only ${below.join(", ") || "nothing else in src"}.`,
      severity: "error",
      from: { path: `^src/${mechanism}/` },
      to: { path: "^src/", pathNot: [`^src/${mechanism}/`, ...exact(below)] },
    })),
    {
      name: "errors-imports-nothing",
      comment: "src/errors.ts is the floor of everything.",
      severity: "error",
      from: { path: "^src/errors[.]ts$" },
      to: { path: "^src/" },
    },
    {
      name: "adapters-never-import-above",
      comment: "Adapters never import session, the apps, agents.ts, the root or the test kit.",
      severity: "error",
      from: { path: `^src/(${ADAPTERS})/` },
      to: { path: "^src/(session|serve|acp|cli|testing)/|^src/(agents|index)[.]ts$" },
    },
    {
      name: "adapters-never-import-each-other",
      comment: "One adapter never imports another.",
      severity: "error",
      from: { path: `^src/(${ADAPTERS})/` },
      to: { path: `^src/(${ADAPTERS})/`, pathNot: "^src/$1/" },
    },
    {
      name: "src-folders-are-layers-or-adapters",
      comment: `Every folder of src/ is a layer (${LAYER_FOLDERS.join(", ")}) or an adapter (an adapter.ts in it).`,
      severity: "error",
      from: {},
      to: { path: `^src/(?!(${[...LAYER_FOLDERS, ADAPTERS].join("|")})/)[^/]+/` },
    },
    {
      name: "cli-uses-the-package-root",
      comment: "cli/ imports only the package root and the apps' entries (serve, acp subcommands).",
      severity: "error",
      from: { path: "^src/cli/" },
      to: { path: "^src/", pathNot: "^src/(cli/|index[.]ts$|serve/index[.]ts$|acp/index[.]ts$)" },
    },
    {
      name: "acp-uses-the-package-root",
      comment: "acp/ (the ACP agent) imports only the package root, like serve.",
      severity: "error",
      from: { path: "^src/acp/" },
      to: { path: "^src/", pathNot: "^src/(acp/|index[.]ts$)" },
    },
    {
      name: "serve-uses-the-package-root",
      comment: "serve/ imports only the package root (named exceptions: SERVE_EXCEPTIONS).",
      severity: "error",
      from: { path: "^src/serve/", pathNot: exact(Object.keys(SERVE_EXCEPTIONS)) },
      to: { path: "^src/", pathNot: "^src/(serve/|index[.]ts$)" },
    },
    ...Object.entries(SERVE_EXCEPTIONS).map(([file, allowed]) => ({
      name: "serve-uses-the-package-root",
      comment: `Named exception: ${file} may also import ${allowed.join(", ")}.`,
      severity: "error",
      from: { path: exact([file]) },
      to: { path: "^src/", pathNot: ["^src/(serve/|index[.]ts$)", ...exact(allowed)] },
    })),
    {
      name: "apps-are-leaves",
      comment: "Nothing below the apps imports cli/, serve/ or acp/.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/(cli|serve|acp)/" },
      to: { path: "^src/(cli|serve|acp)/" },
    },
    {
      name: "test-kit-is-a-leaf",
      comment: "The library never imports its test kit (a separate entry point).",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/testing/" },
      to: { path: "^src/testing/" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    enhancedResolveOptions: { extensions: [".ts", ".js"] },
  },
};
