/**
 * `game.tactica`: the system's public API for macros and modules.
 */
import * as rules from "./rules/index";
import { PoolRoll, PressureRoll, ProfileTest, PsyRoll, ScoreRoll, rollPipeline } from "./dice/index";

const dice = { PressureRoll, PoolRoll, PsyRoll, ProfileTest, ScoreRoll, rollPipeline };

export interface TacticaApi {
  /** The pure rules API of DESIGN.md §3 (and its helpers). */
  rules: typeof rules;
  /** The roll classes and the staged roll pipeline, for macros and modules. */
  dice: typeof dice;
}

export function createApi(): TacticaApi {
  return { rules, dice };
}
