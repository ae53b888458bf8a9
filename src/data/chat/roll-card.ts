/**
 * The card (typed ChatMessage subtype `rollCard`, DESIGN §4): EVERY chat output of the system is
 * one, told apart by its `kind` — the roll cards (a roll in `rolls`, the kinds of ROLL_KINDS) and
 * the cards without a roll (INFO_KINDS: the morale prompt, a maintenance, a threshold, a combat
 * notice, a due *Différé* action). The card's state lives here, not in the HTML: who rolled, for
 * which actor and item, how many pushes, each target's result, what a notice says.
 *
 * This state is DISPLAY: the message's author can rewrite it (a player their own cards). What the
 * one writer acts on is re-derived from stored documents (src/chat/authority.ts) and the keys
 * written on the documents each effect changed (src/data/card-keys.ts). The chat layer renders each
 * kind (src/chat/kinds/) through `TacticaChatMessage#renderHTML`.
 */
import {
  BOUNDS,
  choice,
  flag,
  integer,
  nullableInteger,
  optionalChoice,
  text,
  localizationPrefixes,
  type ModelMetadata,
} from "../fields";

import { migrateSystem } from "../migration/steps";

const fields = foundry.data.fields;

/** Every kind of roll card the system posts (RULES §1–§7): a roll in the message's `rolls`. */
export const ROLL_KINDS = [
  "pressure",
  "pool",
  "psy",
  "cancel",
  "profile",
  "score",
  "attack",
  "morale",
  "rally",
  "panic",
  "fear",
  "resist",
  "damage",
] as const;
export type RollKind = (typeof ROLL_KINDS)[number];

/**
 * The cards without a roll: the morale prompt (RULES §5, D-16), a power maintained (§4, D-13), a
 * threshold crossed (§7.3), a one-line combat notice (§7.2 *Focalisé*…), a *Différé* action that
 * came due (§7.2: it shows its declaring card again), a move action (D-39).
 */
export const INFO_KINDS = ["moralePrompt", "maintain", "threshold", "notice", "delayedDue", "move"] as const;
export type InfoKind = (typeof INFO_KINDS)[number];

export const CARD_KINDS = [...ROLL_KINDS, ...INFO_KINDS] as const;

/** Where a *Différé* action stands (RULES §7.2). */
export const DELAYED_STATES = ["declared", "resolved"] as const;

/** Where one target of the card stands. */
export const TARGET_OUTCOMES = ["pending", "hit", "miss", "resisted", "passed", "failed"] as const;

/** RULES §6.2: what one application of damage did, for the card's breakdown. */
const damageField = () =>
  new fields.SchemaField(
    {
      /** D, the hit's damage before the field (null on cards written before it was recorded). */
      dealt: nullableInteger(0, BOUNDS.large),
      field: integer(0, 0, BOUNDS.large),
      armour: integer(0, 0, BOUNDS.large),
      resistant: integer(0, 0, BOUNDS.large),
      pv: integer(0, 0, BOUNDS.large),
    },
    { required: true, nullable: true, initial: null },
  );

const targetField = () =>
  new fields.SchemaField({
    actorUuid: text(),
    tokenUuid: text(),
    /** The target's name when the card was made (user text, shown escaped). */
    name: text(),
    /** Places between attacker and target, when the scene knows them (RULES §7.4). */
    distance: nullableInteger(0, BOUNDS.large),
    /** A language key explaining this row (out of range, no place…), or "". */
    note: text(),
    /** Per-target modifier (e.g. *Imprécis* by distance, RULES §6.1). */
    modifier: integer(0, -BOUNDS.large, BOUNDS.large),
    /** The target's own total (defence or resist roll), once rolled. */
    total: nullableInteger(-BOUNDS.large, BOUNDS.large),
    outcome: choice(TARGET_OUTCOMES, "pending"),
    damageApplied: flag(),
    damage: damageField(),
    /** The target's own dice (defence 2d6, resist d10), as its owner rolled them. */
    dice: new fields.ArrayField(integer(1, 1, 10), { required: true, initial: [], max: BOUNDS.cardDice }),
    /** RULES §6.4 *Etourdissante*: positions the target's marker moves later (0: test passed); null: no test. */
    stun: nullableInteger(0, BOUNDS.large),
    /** The stun delay was applied to the timeline (else the GM moves the marker). */
    stunMoved: flag(),
  });

const rollCardSchema = () => ({
  kind: choice(CARD_KINDS, "pool"),
  /** The user who rolled (the card's buttons are re-checked against ownership). */
  rollerId: text(),
  actorUuid: text(),
  itemUuid: text(),
  /** RULES §3: pushes made so far (D-8 caps them per actor). */
  pushes: integer(0, 0, BOUNDS.pushes),
  /** D-10: the consequences of the last push were applied (a second click applies nothing). */
  consequencesApplied: flag(),
  targets: new fields.ArrayField(targetField(), { required: true, initial: [], max: BOUNDS.cardRows }),
  /** The follow-up of the card was done once (pressure effect applied, panic drawn…). */
  followUpDone: flag(),
  /** A panic table result drawn from this card (RULES §5), or "". */
  panic: text(),
  /** The d10 face read on the panic table, after the +1 of a failed rally (RULES §5), or null. */
  panicFace: nullableInteger(1, 10),
  /**
   * RULES §7.2 *Différé*: "" (not declared on a timeline), "declared" (its marker waits: the
   * targets' buttons wait too) or "resolved" (the reposted card was resolved).
   */
  delayedState: optionalChoice(DELAYED_STATES),
  /** RULES §6.4 *Tectonique*: places (region ids) whose encumbrance this attack already moved. */
  placesShifted: new fields.ArrayField(text(), { required: true, initial: [], max: BOUNDS.cardRows }),
  /** AC the action spent (RULES §4, §5), shown on the card. */
  acSpent: nullableInteger(0, BOUNDS.large),
  /** *Différé* X: the action resolves X positions later (RULES §6.4, §7.2). */
  delayed: nullableInteger(0, BOUNDS.large),
  /** Language keys of notes the card shows under the roll (refusals, windows, "no GM"…). */
  notes: new fields.ArrayField(text(), { required: true, initial: [], max: BOUNDS.cardNotes }),
  // — cards without a roll —
  /** The card this one refers to: a due *Différé* action's declaring card, a lost action's. */
  sourceMessage: text(),
  /** Morale prompt: the actor is *inébranlable* (the prompt says it passes, with no button). */
  unshakeable: flag(),
  /** Names as they were when the card was made (user text, shown escaped): actor, power, combatant… */
  label: text(),
  /** A notice: its language key and the values it is formatted with (shown escaped). */
  notice: new fields.SchemaField({ key: text(), data: new fields.ObjectField({ required: true, initial: {} }) }),
  /** A threshold card: the mode, the thresholds crossed and what each combatant went through (RULES §7.3). */
  threshold: new fields.ObjectField({ required: true, nullable: true, initial: null }),
  /** A move action (D-39): a pursuit move or not, the MOU it moved with, the armour's *Requis* charged. */
  move: new fields.SchemaField(
    {
      pursuit: flag(),
      mou: integer(0, 0, BOUNDS.large),
      mouBonus: integer(0, 0, BOUNDS.pressure),
      requis: integer(0, 0, BOUNDS.large),
      armour: text(),
    },
    { required: true, nullable: true, initial: null },
  ),
});
type RollCardSchema = ReturnType<typeof rollCardSchema>;

export class RollCardModel extends foundry.abstract.TypeDataModel<RollCardSchema, ChatMessage.Implementation> {
  static readonly metadata: ModelMetadata = { type: "rollCard" };
  static override LOCALIZATION_PREFIXES = localizationPrefixes("ChatMessage", "rollCard");

  /** Older shapes of this data (src/data/migration/steps.ts), fixed as the data loads. */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateSystem("ChatMessage", this.metadata.type, source);
    return super.migrateData(source);
  }

  static override defineSchema(): RollCardSchema {
    return rollCardSchema();
  }
}
