/**
 * `game.tactica`: the system's public API for macros and modules.
 */
import * as rules from "../rules/index";
import { PoolRoll, PressureRoll, ProfileTest, PsyRoll, ScoreRoll, rollPipeline } from "../dice/index";

import { rollCharacteristic, useItem } from "./macros";
import { skipsDialog } from "../config/keybindings";
import { selfTest, type SelfTest } from "./self-test";
import type { RollMethod, TacticaActor } from "../documents/actor";

const dice = { PressureRoll, PoolRoll, PsyRoll, ProfileTest, ScoreRoll, rollPipeline };

/** A roll method called on the actor given first: `actions.rollPool(actor, request)` is `actor.rollPool(request)`. */
type MacroAction<M extends RollMethod> = (
  actor: TacticaActor,
  ...args: Parameters<TacticaActor[M]>
) => ReturnType<TacticaActor[M]>;

/** Every roll method as a macro helper; `moveAction` is `move` under the name the use case has always had here. */
const actions = {
  rollProfile: (actor, ...args) => actor.rollProfile(...args),
  rollPressure: (actor, ...args) => actor.rollPressure(...args),
  rollPool: (actor, ...args) => actor.rollPool(...args),
  castPower: (actor, ...args) => actor.castPower(...args),
  maintainPower: (actor, ...args) => actor.maintainPower(...args),
  cancelPower: (actor, ...args) => actor.cancelPower(...args),
  moraleTest: (actor, ...args) => actor.moraleTest(...args),
  rally: (actor, ...args) => actor.rally(...args),
  fearTest: (actor, ...args) => actor.fearTest(...args),
  rollScore: (actor, ...args) => actor.rollScore(...args),
  attack: (actor, ...args) => actor.attack(...args),
  move: (actor, ...args) => actor.move(...args),
  moveAction: (actor, ...args) => actor.move(...args),
} satisfies { [M in RollMethod]: MacroAction<M> } & { moveAction: MacroAction<"move"> };

export interface TacticaApi {
  /** The pure rules API of DESIGN.md §3 (and its helpers). */
  rules: typeof rules;
  /** The roll classes and the staged roll pipeline, for macros and modules. */
  dice: typeof dice;
  /** Roll helpers for macros (`game.tactica.actions.rollPool(actor, { aptitude: "vivacite" })`): every roll method. */
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
