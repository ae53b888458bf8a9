/**
 * What the score test's and the attack's dialogs (the statics of `ScoreRoll`, ./score-roll.ts) open
 * with and answer (RULES §6.1, §6.4): plain data, measured by the use case.
 */
import type { AptitudeKey, SubAptitudeKey } from "../rules/keys";

/** RULES §6.1: what the score dialog opens with — the actor, and the test asked for. */
export interface ScoreDialogInput {
  actor: Actor.Implementation;
  request: {
    subAptitude: SubAptitudeKey;
    /** an aptitude imposed by the caller; else each sub-aptitude's governing one */
    aptitude?: AptitudeKey;
    difficulty?: number | null;
  };
}

/** RULES §6.1: what the score dialog answers. */
export interface ScoreChoice {
  subAptitude: SubAptitudeKey;
  difficulty: number | null;
  modifier: number;
}

/** One target row as a card stores it at creation (src/data/chat/roll-card.ts). */
export interface CardTargetSource {
  actorUuid: string;
  tokenUuid: string;
  name: string;
  modifier?: number;
  distance?: number | null;
  note?: string;
  outcome?: string;
}

/** One row the attack dialog offers: a target row of the card, with the token's portrait. */
export type AttackDialogRow = CardTargetSource & { img?: string | null };

/** RULES §6.1, §6.4: what the attack dialog opens with — everything is already measured. */
export interface AttackDialogInput {
  itemName: string;
  /** lang key of the governing sub-aptitude's label */
  subAptitudeLabel: string;
  /** the attack score before the dialog's modifier */
  score: number;
  /** the weapon's *Portée* as written ("2" or "2-4"), "" without one */
  range: string;
  /** the rows (`tokenUuid` identifies each): the targets, or the place's occupants then the attacker */
  targets: readonly AttackDialogRow[];
  /** *De zone*: occupants to hit (min(X, occupants), or all) and the attacker's token uuid with *Et Soi* */
  area: { slots: number; self: string | null } | null;
  /** *De zone*: the occupants ticked when the dialog opens */
  preselected?: readonly string[];
}

/** RULES §6.1, §6.4: what the attack dialog answers. */
export interface AttackChoice {
  modifier: number;
  /** *De zone*: token uuids of the occupants ticked (never the attacker) */
  chosen: string[];
  /** *De zone Et Soi*: the attacker's token uuid when his own row is unticked */
  spared: string[];
}
