/**
 * Tactica's dice layer: the roll classes (register them with `CONFIG.Dice.rolls.push(...DICE_ROLLS)`
 * so saved messages rebuild them by class name), the roll pipeline, and the chat templates and
 * partials to preload.
 */
import { PoolRoll } from "./pool-roll";
import { PressureRoll } from "./pressure-roll";
import { ProfileTest } from "./profile-test";
import { PsyRoll } from "./psy-roll";
import { ScoreRoll } from "./score-roll";

export { TacticaRoll, type BaseRollOptions } from "./base";
export * from "./card";
export { PoolRoll, type PoolRollOptions, type PushActor } from "./pool-roll";
export { PressureRoll, pressureTargetLabel, type PressureRollOptions } from "./pressure-roll";
export {
  ProfileTest,
  PROFILE_PURPOSES,
  type CoToggles,
  type ProfilePurpose,
  type ProfileTestOptions,
} from "./profile-test";
export { PsyRoll, type PsyRollOptions, type ResistKey } from "./psy-roll";
export { ScoreRoll, SCORE_PURPOSES, type ScorePurpose, type ScoreRollOptions } from "./score-roll";
export * from "./pipeline";

/** Every roll class, for `CONFIG.Dice.rolls` (Roll.fromData finds a class there by its name). */
export const DICE_ROLLS = [PressureRoll, PoolRoll, PsyRoll, ProfileTest, ScoreRoll];

/** The chat card template of each roll class. */
export const CHAT_TEMPLATES = DICE_ROLLS.map((cls) => cls.CHAT_TEMPLATE);
