/**
 * Unit (RULES §5, DESIGN §2): several identical figures sharing one profile — starting and current
 * strength, the leader's CO (D-17), the neophyte choir (D-11, D-12), banner, general and morale.
 */
import { unitCommand } from "../../rules/morale";
import {
  actionsField,
  BOUNDS,
  flag,
  html,
  integer,
  maintainedPowersField,
  moraleField,
  nullableInteger,
  profileField,
  text,
  localizationPrefixes,
  type ModelMetadata,
} from "../fields";
import {
  actionsLeft,
  armourSummary,
  moraleDue,
  moraleStateOf,
  pressureInEffect,
  prepareProfileTotals,
  resetProfileModifiers,
  protectionOf,
  type ArmourSummary,
  type OwnedItem,
  type PressureBonuses,
  type MoraleDerived,
  type ProfileDerived,
  type Protection,
} from "./derived";

import { migrateSystem } from "../migration/steps";
import { pairRefusal, type Refusal } from "../change-checks";

const fields = foundry.data.fields;

const unitSchema = () => ({
  profile: profileField(),
  strength: new fields.SchemaField({
    /** Figures the unit started the battle with (RULES §5 morale trigger). */
    start: integer(1, 1, BOUNDS.large),
    current: integer(1, 0, BOUNDS.large),
  }),
  /** D-17: the leader's CO when the unit has a leader with a higher one; `null` without. */
  leaderCo: nullableInteger(0, BOUNDS.characteristic),
  choir: new fields.SchemaField({
    /**
     * D-12: neophytes chanting this activation when fewer than the unit's figures chant; 0 (the
     * default) is every figure of the unit (C12). The rules cap the bonus at +3.
     */
    chanting: integer(0, 0, BOUNDS.large),
    /** D-11: the power the neophytes learnt together (an item id on this actor). */
    powerId: text(),
  }),
  /** RULES §4 (D-13): the power the choir maintains (a choir maintains as one psyker). */
  psyker: new fields.SchemaField({ maintained: maintainedPowersField() }),
  banner: flag(),
  general: flag(),
  gauges: new fields.SchemaField({
    disruptif: integer(0, 0, BOUNDS.gauge),
    incendiaire: integer(0, 0, BOUNDS.gauge),
  }),
  actions: actionsField(),
  morale: moraleField(),
  biography: html(),
});
type UnitSchema = ReturnType<typeof unitSchema>;

type UnitDerived = {
  /**
   * The headcount as a token bar (CONFIG.Actor.trackableAttributes): `value` = current strength,
   * `max` = starting strength. Derived; a token edit writes `strength.current`.
   */
  figures: { value: number; max: number };
  profile: ProfileDerived;
  actions: { spent: number; remaining: number };
  pressureBonus: PressureBonuses;
  /** D-17: the CO every test of the unit uses — the highest in it. */
  coForTests: number;
  armour: ArmourSummary;
  moraleTriggered: boolean;
  morale: MoraleDerived;
};

type UnitBase = foundry.abstract.TypeDataModel<UnitSchema, Actor.Implementation, Record<string, never>, UnitDerived>;

export class UnitModel extends foundry.abstract.TypeDataModel<
  UnitSchema,
  Actor.Implementation,
  Record<string, never>,
  UnitDerived
> {
  static readonly metadata: ModelMetadata = { type: "unit" };
  static override LOCALIZATION_PREFIXES = localizationPrefixes("Actor", "base", "unit");

  /** Older shapes of this data (src/data/migration/steps.ts), fixed as the data loads. */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateSystem("Actor", this.metadata.type, source);
    return super.migrateData(source);
  }

  static override defineSchema(): UnitSchema {
    return unitSchema();
  }

  /** Joint rule of a change: a figure's PV never above the maximum. */
  static jointRefusal(current: Record<string, unknown>, change: Record<string, unknown>): Refusal | null {
    return pairRefusal("TACTICA.Errors.Field.PvAboveMax", ["profile", "pv"], current, change);
  }

  /**
   * A new unit's token shows its headcount as the first bar (the manifest's primary attribute,
   * PV, is one figure's), unless the creation data names a bar itself.
   */
  override async _preCreate(
    ...[data, options, user]: Parameters<UnitBase["_preCreate"]>
  ): ReturnType<UnitBase["_preCreate"]> {
    if ((await super._preCreate(data, options, user)) === false) return false;
    const given = data.prototypeToken;
    if (given?.bar1?.attribute !== undefined || !this.parent) return;
    this.parent.updateSource({ prototypeToken: { bar1: { attribute: "figures" } } });
  }

  /** D-40: the condition modifiers start at 0 each time, before Active Effects add to them. */
  override prepareBaseData(): void {
    super.prepareBaseData();
    resetProfileModifiers(this.profile);
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.figures = { value: this.strength.current, max: this.strength.start };
    const actor = this.parent;
    this.pressureBonus = pressureInEffect(this.profile, actor?.appliedEffects ?? []);
    prepareProfileTotals(this.profile, this.pressureBonus);
    this.actions.remaining = actionsLeft(this.profile.ac.total, this.actions.spent, actor?.statuses);
    const co = this.profile.co.total;
    this.coForTests = unitCommand(this.leaderCo === null ? [co] : [co, this.leaderCo]);
    this.armour = armourSummary(this.protection());
    this.moraleTriggered = moraleDue(this.strength.start, this.strength.current);
    this.morale.state = moraleStateOf(actor?.statuses);
  }

  /** RULES §6.2: one figure of the unit as the damage pipeline's target. */
  protection(items: Iterable<OwnedItem> = this.parent ? [...this.parent.items] : []): Protection {
    return protectionOf(this.profile.pv.value, this.gauges, items);
  }
}
