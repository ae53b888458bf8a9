/**
 * What a pool roll is asked for and keeps in its options (RULES §3): the dice it was made of and its
 * push state. Shared by the roll (`pool-roll.ts`), its card rows (`pool-card.ts`) and the use case.
 */
import type { PoolFaces, PushConsequences } from "../rules/pool";
import type { AptitudeKey, SubAptitudeKey } from "../rules/keys";
import type { BaseRollOptions } from "./base";

/** What a pool roll is asked for (RULES §3, D-7): the actor's values it is made of are read at roll time. */
export interface PoolRequest {
  aptitude: AptitudeKey;
  subAptitude?: SubAptitudeKey | null;
  itemId?: string | null;
  required?: number;
}

/** The actor's side of a push (RULES §3, D-9): its WP now, and whether it can gain any. */
export interface PushActor {
  willpower: number;
  /** false for `npc` actors, which never gain WP */
  gainsWillpower: boolean;
}

export interface PoolRollOptions extends BaseRollOptions {
  aptitude: AptitudeKey;
  /** the aptitude's current value: the number of base dice */
  aptitudeValue: number;
  subAptitude?: SubAptitudeKey | null;
  /** the sub-aptitude's value: the number of skill dice */
  subAptitudeValue?: number;
  /** the item used: its name (user text) and bonus (the number of gear dice) */
  gear?: { name: string; bonus: number } | null;
  /** D-7: successes needed, default 1 */
  required?: number;
  /** D-8: pushes allowed on this roll, default 1 (homebrew talents raise it) */
  maxPushes?: number;
  // — push state, written by push() on the new roll —
  /** pushes made so far */
  pushes?: number;
  /** faces of the first roll */
  first?: PoolFaces | null;
  /** faces before the last push */
  before?: PoolFaces | null;
  /** faces after the last push */
  pushed?: PoolFaces | null;
  /** the actor as it was when pushing */
  pushActor?: PushActor | null;
  /** what the last push cost and gave (D-10: applied once, with the push) */
  consequences?: PushConsequences | null;
}
