/**
 * Character (player character) and NPC (GM character) — RULES §1: both layers of a figure, the
 * skirmish profile and the tactical aptitudes, with WP, *Épuisement*, gauges, psyker and morale.
 * The NPC differs only in data derived from its type: it never gains WP (D-9).
 */
import { withinBounds } from "../derived";
import { aptitudeOf, type SubAptitudeKey } from "../../rules/keys";
import { mapValues } from "../../rules/records";
import {
  aptitudeCurrent,
  buildTotals,
  defenceSubAptitude,
  REFLECTION_SUB_APTITUDES,
  score,
  type BuildTotals,
  type ReflectionUse,
} from "../../rules/scores";
import {
  actionsField,
  BOUNDS,
  html,
  integer,
  maintainedPowersField,
  moraleField,
  pressureDiceField,
  profileField,
  type SchemaData,
  localizationPrefixes,
  type ModelMetadata,
} from "../fields";
import { GrenadeModel } from "../item/grenade";
import { WeaponModel } from "../item/weapon";
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

const aptitude = () =>
  new fields.SchemaField({
    value: integer(0, 0, BOUNDS.aptitude),
    damage: integer(0, 0, BOUNDS.aptitudeDamage),
  });
const subAptitude = () => new fields.SchemaField({ value: integer(0, 0, BOUNDS.subAptitude) });

const aptitudesField = () =>
  new fields.SchemaField({
    puissance: aptitude(),
    vivacite: aptitude(),
    volonte: aptitude(),
    intellect: aptitude(),
  });

const subAptitudesField = () =>
  new fields.SchemaField({
    force: subAptitude(),
    robustesse: subAptitude(),
    precision: subAptitude(),
    reflexe: subAptitude(),
    vigilance: subAptitude(),
    sangFroid: subAptitude(),
    determination: subAptitude(),
    perspicacite: subAptitude(),
    scholastique: subAptitude(),
    technoMaitrise: subAptitude(),
    savoirsInterdits: subAptitude(),
  });

const characterSchema = () => ({
  profile: profileField(),
  aptitudes: aptitudesField(),
  subAptitudes: subAptitudesField(),
  willpower: new fields.SchemaField({ value: integer(0, 0, BOUNDS.willpower) }),
  exhaustion: integer(0, 0, BOUNDS.large),
  gauges: new fields.SchemaField({
    disruptif: integer(0, 0, BOUNDS.gauge),
    incendiaire: integer(0, 0, BOUNDS.gauge),
  }),
  timeline: new fields.SchemaField({ position: integer(0, 0, BOUNDS.position) }),
  /** D-8: pushes allowed per roll (homebrew talents raise it). */
  pushMax: integer(1, 0, BOUNDS.pushes),
  /** D-46: pressure dice the figure's own special ability grants for every linked item (1: none). */
  pressureDice: pressureDiceField(),
  actions: actionsField(),
  psyker: new fields.SchemaField({
    mastery: integer(0, 0, BOUNDS.mastery),
    maintained: maintainedPowersField(),
  }),
  morale: moraleField(),
  biography: html(),
});
type CharacterSchema = ReturnType<typeof characterSchema>;

type AptitudesSource = SchemaData<ReturnType<typeof aptitudesField>>;

/** RULES §6.1: an attack score of one equipped weapon or grenade. */
export interface AttackScore {
  itemId: string;
  name: string;
  kind: "weapon" | "grenade";
  subAptitude: SubAptitudeKey;
  score: number;
}

/** RULES §6.1: the three defences (D-24). */
export type DefenceScores = Record<"melee" | "ranged" | "terrifying", number>;

type CharacterDerived = {
  profile: ProfileDerived;
  aptitudes: { [K in keyof AptitudesSource]: AptitudesSource[K] & { current: number } };
  actions: { spent: number; remaining: number };
  pressureBonus: PressureBonuses;
  attacks: AttackScore[];
  defence: DefenceScores;
  reflection: Record<ReflectionUse, number>;
  build: BuildTotals;
  armour: ArmourSummary;
  moraleTriggered: boolean;
  morale: MoraleDerived;
};

type CharacterBase = foundry.abstract.TypeDataModel<
  CharacterSchema,
  Actor.Implementation,
  Record<string, never>,
  CharacterDerived
>;

export class CharacterModel extends foundry.abstract.TypeDataModel<
  CharacterSchema,
  Actor.Implementation,
  Record<string, never>,
  CharacterDerived
> {
  static readonly metadata: ModelMetadata = { type: "character" };
  static override LOCALIZATION_PREFIXES = localizationPrefixes("Actor", "base", "character");

  /** Older shapes of this data (src/data/migration/steps.ts), fixed as the data loads. */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateSystem("Actor", this.metadata.type, source);
    return super.migrateData(source);
  }

  static override defineSchema(): CharacterSchema {
    return characterSchema();
  }

  /**
   * Joint rule of a change, checked by the actor document before Foundry
   * cleans it: current PV never above the maximum.
   */
  static jointRefusal(current: Record<string, unknown>, change: Record<string, unknown>): Refusal | null {
    return pairRefusal("TACTICA.Errors.Field.PvAboveMax", ["profile", "pv"], current, change);
  }

  /** RULES §3 (D-9): player characters gain WP from banes; NPCs never do. */
  get gainsWillpower(): boolean {
    return true;
  }

  /**
   * A new player character's prototype token is linked to the actor, friendly and has sight, so
   * damage, WP and conditions on its token land on the sheet the player opened (core's defaults
   * are unlinked and hostile). What the creation data says itself is kept (a duplicate, an import
   * from a compendium or a file carries its own token). The same as dnd5e
   * `module/data/actor/character.mjs` `_preCreate` and draw-steel `src/module/data/actor/hero.mjs`;
   * TypeDataModel#_preCreate (https://foundryvtt.com/api/v13/classes/foundry.abstract.TypeDataModel.html#_precreate).
   */
  override async _preCreate(
    ...[data, options, user]: Parameters<CharacterBase["_preCreate"]>
  ): ReturnType<CharacterBase["_preCreate"]> {
    if ((await super._preCreate(data, options, user)) === false) return false;
    if (this instanceof NpcModel || !this.parent) return;
    const given = data.prototypeToken ?? {};
    const token: { actorLink?: boolean; disposition?: CONST.TOKEN_DISPOSITIONS; sight?: { enabled: boolean } } = {};
    if (given.actorLink === undefined) token.actorLink = true;
    if (given.disposition === undefined) token.disposition = CONST.TOKEN_DISPOSITIONS.FRIENDLY;
    if (given.sight?.enabled === undefined) token.sight = { enabled: true };
    if (Object.keys(token).length) this.parent.updateSource({ prototypeToken: token });
  }

  /** D-40: the condition modifiers start at 0 each time, before Active Effects add to them. */
  override prepareBaseData(): void {
    super.prepareBaseData();
    resetProfileModifiers(this.profile);
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const actor = this.parent;
    this.pressureBonus = pressureInEffect(this.profile, actor?.appliedEffects ?? []);
    prepareProfileTotals(this.profile, this.pressureBonus);
    // Active Effects change the prepared values without the schema's bounds: held to them here.
    for (const apt of Object.values(this.aptitudes)) {
      apt.value = withinBounds(apt.value, 0, BOUNDS.aptitude);
      apt.current = aptitudeCurrent(apt.value, apt.damage);
    }
    for (const sub of Object.values(this.subAptitudes)) sub.value = withinBounds(sub.value, 0, BOUNDS.subAptitude);
    this.actions.remaining = actionsLeft(this.profile.ac.total, this.actions.spent, actor?.statuses);
    const items: OwnedItem[] = actor ? [...actor.items] : [];
    this.attacks = this.attackScores(items);
    this.defence = {
      melee: this.scoreOf(defenceSubAptitude({ ranged: false, terrifying: false })),
      ranged: this.scoreOf(defenceSubAptitude({ ranged: true, terrifying: false })),
      terrifying: this.scoreOf(defenceSubAptitude({ ranged: false, terrifying: true })),
    };
    this.reflection = mapValues(REFLECTION_SUB_APTITUDES, (sub) => this.scoreOf(sub));
    this.build = buildTotals(
      mapValues(this.aptitudes, (apt) => apt.value),
      mapValues(this.subAptitudes, (sub) => sub.value),
    );
    this.armour = armourSummary(this.protection(items));
    this.moraleTriggered = moraleDue(this.profile.pv.max, this.profile.pv.value);
    this.morale.state = moraleStateOf(actor?.statuses);
  }

  /** RULES §6.1: a score with `sub` — the current value of its aptitude + the sub-aptitude. */
  scoreOf(sub: SubAptitudeKey, modifiers = 0): number {
    const apt = this.aptitudes[aptitudeOf(sub)];
    return score(aptitudeCurrent(apt.value, apt.damage), this.subAptitudes[sub].value, modifiers);
  }

  /** RULES §6.2: this actor as the damage pipeline's target, with the items it wears. */
  protection(items: Iterable<OwnedItem> = this.parent ? [...this.parent.items] : []): Protection {
    return protectionOf(this.profile.pv.value, this.gauges, items);
  }

  private attackScores(items: readonly OwnedItem[]): AttackScore[] {
    const attacks: AttackScore[] = [];
    for (const item of items) {
      const system = item.system;
      let entry: Omit<AttackScore, "score"> | null = null;
      if (system instanceof WeaponModel && system.equipped) {
        entry = { itemId: item.id ?? "", name: item.name, kind: "weapon", subAptitude: system.governingSubAptitude };
      } else if (system instanceof GrenadeModel) {
        entry = { itemId: item.id ?? "", name: item.name, kind: "grenade", subAptitude: system.subAptitude };
      }
      if (entry) attacks.push({ ...entry, score: this.scoreOf(entry.subAptitude) });
    }
    return attacks;
  }
}

/** NPC (GM character): same data as a character; never gains WP (D-9). */
export class NpcModel extends CharacterModel {
  static override readonly metadata: ModelMetadata = { type: "npc" };

  override get gainsWillpower(): boolean {
    return false;
  }
}
