/**
 * `game.tactica`: the system's public API for macros and modules.
 */
import * as rules from "./rules/index";

export interface TacticaApi {
  /** The pure rules API of DESIGN.md §3 (and its helpers). */
  rules: typeof rules;
}

export function createApi(): TacticaApi {
  return { rules };
}
