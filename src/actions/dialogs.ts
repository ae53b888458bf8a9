/**
 * The roll dialogs the use cases open (src/applications/dialogs/), as the use cases know them:
 * what each is opened with and what it resolves (null when closed). The use cases sit below the
 * applications, so the dialogs are installed on `init` (src/setup/registration.ts) rather than
 * imported.
 */
import type { CoToggles } from "../dice/profile-test";
import type { MessageMode } from "../compat/message-mode";
import type { AptitudeKey, ProfileKey, SubAptitudeKey } from "../rules/keys";
import type { PoolRequest } from "../dice/pool-options";
import type { CardTargetSource } from "./common";

/** What a roll dialog resolves besides its own result: the mode its card is posted in. */
export interface ModeChoice {
  messageMode: MessageMode;
}

/** RULES §1, §5: what the profile test dialog returns. */
export interface ProfileChoice {
  co: CoToggles | null;
  modifier: number;
}

/** RULES §4: what the cast dialog returns. */
export interface PsyChoice {
  concentration: boolean;
  chanters: number;
  modifier: number;
}

/** RULES §4: what the cast dialog is opened with. */
export interface PsyDialogInput {
  name: string;
  level: number;
  mastery: number;
  canConcentrate: boolean;
  isChoir: boolean;
  chanters: number;
}

/** What the score dialog is opened with (the action's request). */
export interface ScoreDialogRequest {
  subAptitude: SubAptitudeKey;
  /** an aptitude imposed by the caller; else each sub-aptitude's governing one */
  aptitude?: AptitudeKey;
  difficulty?: number | null;
}

/** RULES §6.1: what the score dialog returns. */
export interface ScoreChoice {
  subAptitude: SubAptitudeKey;
  difficulty: number | null;
  modifier: number;
}

/** One row the attack dialog offers: a card row, with the token's portrait. */
export type AttackDialogRow = CardTargetSource & { img?: string | null };

/** What the action hands the attack dialog: everything is already measured. */
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

/** RULES §6.1, §6.4: what the attack dialog returns. */
export interface AttackChoice {
  modifier: number;
  /** *De zone*: token uuids of the occupants ticked (never the attacker) */
  chosen: string[];
  /** *De zone Et Soi*: the attacker's token uuid when his own row is unticked */
  spared: string[];
}

/** A linked, equipped MOU steam gear that may roll pressure before a pursuit move. */
export interface MoveGear {
  id: string;
  name: string;
}

/** D-39: what the move dialog is opened with. */
export interface MoveDialogInput {
  name: string;
  /** MOU gear the actor may roll pressure with (empty: none, or pressure blocked) */
  gear: readonly MoveGear[];
  /** *Épuisement* the worn armour's *Requis* charges (0: none) */
  requis: number;
  /** the worn armour's name ("" without) */
  armour: string;
}

/** D-39: what the move dialog returns. */
export interface MoveChoice {
  pursuit: boolean;
  /** the gear to roll MOU pressure with before the pursuit move, or null */
  pressureItemId: string | null;
}

/** Every roll dialog; `opener` is the window the roll was asked from (its dialog opens beside it). */
export interface RollDialogs {
  pool(actor: Actor.Implementation, request: PoolRequest, opener?: unknown): Promise<(PoolRequest & ModeChoice) | null>;
  pressure(itemName: string, dice: number, opener?: unknown): Promise<({ dice: number } & ModeChoice) | null>;
  profile(
    actor: Actor.Implementation,
    key: ProfileKey,
    initial: { co?: CoToggles },
    opener?: unknown,
  ): Promise<(ProfileChoice & ModeChoice) | null>;
  psy(input: PsyDialogInput, opener?: unknown): Promise<(PsyChoice & ModeChoice) | null>;
  score(
    actor: Actor.Implementation,
    request: ScoreDialogRequest,
    opener?: unknown,
  ): Promise<(ScoreChoice & ModeChoice) | null>;
  attack(input: AttackDialogInput, opener?: unknown): Promise<(AttackChoice & ModeChoice) | null>;
  move(input: MoveDialogInput, opener?: unknown): Promise<MoveChoice | null>;
}

let installed: RollDialogs | null = null;

/** Installs the roll dialogs (on `init`). */
export function registerRollDialogs(dialogs: RollDialogs): void {
  installed = dialogs;
}

/** The roll dialogs installed on `init`. */
export function rollDialogs(): RollDialogs {
  if (!installed) throw new Error("Tactica: the roll dialogs are installed on init (src/setup/registration.ts)");
  return installed;
}
