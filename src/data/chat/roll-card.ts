/**
 * The roll card (typed ChatMessage subtype `rollCard`, DESIGN §4): the card's state lives here,
 * not in the HTML — who rolled, for which actor and item, what kind of roll, how many pushes and
 * whether their consequences were applied (D-10: once per push), and each target's result.
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

import { migrateSystem } from "../../migrations/steps";

const fields = foundry.data.fields;

/** Every kind of roll or card the system posts (RULES §1–§7). */
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
  "threshold",
] as const;
export type RollKind = (typeof ROLL_KINDS)[number];

/** Where a *Différé* action stands (RULES §7.2). */
export const DELAYED_STATES = ["declared", "resolved"] as const;

/** Where one target of the card stands. */
export const TARGET_OUTCOMES = ["pending", "hit", "miss", "resisted", "passed", "failed"] as const;
export type TargetOutcome = (typeof TARGET_OUTCOMES)[number];

/** RULES §6.2: what one application of damage did, for the card's breakdown. */
const damageField = () =>
  new fields.SchemaField(
    {
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
    /** RULES §6.4 *Etourdissante*: positions the target's marker moves later (0: test passed); null: no test. */
    stun: nullableInteger(0, BOUNDS.large),
    /** The stun delay was applied to the timeline (else the GM moves the marker). */
    stunMoved: flag(),
  });

const rollCardSchema = () => ({
  kind: choice(ROLL_KINDS, "pool"),
  /** The user who rolled (the card's buttons are re-checked against ownership). */
  rollerId: text(),
  actorUuid: text(),
  itemUuid: text(),
  /** RULES §3: pushes made so far (D-8 caps them per actor). */
  pushes: integer(0, 0, BOUNDS.pushes),
  /** D-10: the consequences of the last push were applied (a second click applies nothing). */
  consequencesApplied: flag(),
  targets: new fields.ArrayField(targetField(), { required: true, initial: [] }),
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
  placesShifted: new fields.ArrayField(text(), { required: true, initial: [] }),
  /** AC the action spent (RULES §4, §5), shown on the card. */
  acSpent: nullableInteger(0, BOUNDS.large),
  /** *Différé* X: the action resolves X positions later (RULES §6.4, §7.2). */
  delayed: nullableInteger(0, BOUNDS.large),
  /** Language keys of notes the card shows under the roll (refusals, windows, "no GM"…). */
  notes: new fields.ArrayField(text(), { required: true, initial: [] }),
});
type RollCardSchema = ReturnType<typeof rollCardSchema>;

export class RollCardModel extends foundry.abstract.TypeDataModel<RollCardSchema, ChatMessage.Implementation> {
  static readonly metadata: ModelMetadata = { type: "rollCard" };
  static override LOCALIZATION_PREFIXES = localizationPrefixes("ChatMessage", "rollCard");

  /** Older shapes of this data (src/migrations/steps.ts), fixed as the data loads. */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateSystem("ChatMessage", this.metadata.type, source);
    return super.migrateData(source);
  }

  static override defineSchema(): RollCardSchema {
    return rollCardSchema();
  }
}
