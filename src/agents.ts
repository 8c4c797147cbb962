// The agents this package ships, one folder each (src/claude, src/codex). Core never
// names them: it works over the adapter's opaque id (core/types.ts AgentId).

/** The id of an agent Elwood ships: the record's `adapter` and the events' `agent`. */
export type AgentKind = "claude" | "codex";
