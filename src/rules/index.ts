/**
 * The stable rules API (DESIGN.md §3). Pure TypeScript: no Foundry globals, no DOM, no randomness
 * of its own — dice faces come in as numbers. Everything here is re-exported as
 * `game.tactica.rules` for macros.
 */
export * from "./errors";
export * from "./keys";
export * from "./pressure";
export * from "./pool";
export * from "./psy";
export * from "./morale";
export * from "./panic";
export * from "./scores";
export * from "./attributes";
export * from "./damage";
export * from "./threshold";
export * from "./timeline";
export * from "./places";
export * from "./score-odds";
export * from "./score-push";
export * from "./initiative";
