/**
 * What the actor's roll methods take (src/documents/actor.ts): the requests the use cases behind
 * them (src/actions/) are made with, declared here, below both.
 */
import type { AptitudeKey, SubAptitudeKey } from "../rules/keys";
import type { ScorePurpose } from "../dice/score-roll";

/** The last argument of every roll method (shift-click skips the dialog). */
export interface RollMethodOptions {
  fastForward?: boolean;
  /** The window the roll was asked from (a sheet): its dialog opens beside it (v14 pop-outs). */
  opener?: unknown;
}

/** What a pool roll is made of (RULES §3, D-7). */
export interface PoolRequest {
  aptitude: AptitudeKey;
  subAptitude?: SubAptitudeKey | null;
  itemId?: string | null;
  required?: number;
}

/** What a score test is made of (RULES §6.1). */
export interface ScoreRequest {
  subAptitude: SubAptitudeKey;
  aptitude?: AptitudeKey;
  difficulty?: number | null;
  purpose?: ScorePurpose;
  /** a modifier to the score (the dialog's field) */
  modifier?: number;
}

/** What a move is, when asked without the dialog (a macro, the End-action dialog, shift-click). */
export interface MoveRequest {
  /** a pursuit move (RULES §2) */
  pursuit?: boolean;
  /** before a pursuit move: roll MOU pressure through this linked gear first (C15) */
  pressureItemId?: string | null;
}
