/**
 * `game.tactica`: the system's public API for macros and modules.
 */
import * as rules from "../rules/index";
import { PoolRoll, PressureRoll, ProfileTest, PsyRoll, ScoreRoll, rollPipeline } from "../dice/index";

import { rollCharacteristic, useItem } from "./macros";
import { skipsDialog } from "../config/keybindings";
import { rollPool } from "../actions/pool";
import { rollPressure } from "../actions/pressure";
import { castPower } from "../actions/psy";
import { fearTest, moraleTest, rally } from "../actions/morale";
import { attack, rollScore } from "../actions/score";
import { moveAction } from "../actions/move";
import { selfTest, type SelfTest } from "./self-test";

const dice = { PressureRoll, PoolRoll, PsyRoll, ProfileTest, ScoreRoll, rollPipeline };
/** Macro helpers: each takes the actor first, as the actor's own methods do (src/actions). */
const actions = { rollPressure, rollPool, castPower, moraleTest, rally, fearTest, rollScore, attack, moveAction };

export interface TacticaApi {
  /** The pure rules API of DESIGN.md §3 (and its helpers). */
  rules: typeof rules;
  /** The roll classes and the staged roll pipeline, for macros and modules. */
  dice: typeof dice;
  /** Roll helpers for macros (`game.tactica.actions.rollPool(actor, { aptitude: "vivacite" })`). */
  actions: typeof actions;
  /** What a hotbar macro of an item calls (src/api/macros.ts). */
  useItem: typeof useItem;
  /** What a hotbar macro of a characteristic calls (src/api/macros.ts). */
  rollCharacteristic: typeof rollCharacteristic;
  /** The in-Foundry self-test (src/api/self-test.ts): `await game.tactica.selfTest.run()` as a GM. */
  selfTest: SelfTest;
  /** Whether an event's user holds the *Skip the roll dialog* key (src/config/keybindings.ts). */
  skipsDialog: typeof skipsDialog;
}

export function createApi(): TacticaApi {
  return { rules, dice, actions, useItem, rollCharacteristic, selfTest, skipsDialog };
}
