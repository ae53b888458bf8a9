/**
 * The rows of the actor sheets' tabs: the characteristics with their pressure controls (Profil),
 * the aptitudes and sub-aptitudes (Aptitudes), the defence and reflection scores, and the effects.
 * Plain functions of the data models' derived values, localised once per render.
 */
import { TACTICA } from "../../../config/config";
import { PRESSURE_PROFILE_KEYS, type PressureProfileKey } from "../../../data/fields";
import type { CharacterModel } from "../../../data/actor/character";
import type { UnitModel } from "../../../data/actor/unit";
import {
  APTITUDE_KEYS,
  isOneOf,
  PROFILE_KEYS,
  SUB_APTITUDES,
  type ProfileKey,
  type SubAptitudeKey,
} from "../../../rules/keys";
import { pressureFlagOf, pressureWindowLabel } from "../../../effects/pressure-windows";
import type { TacticaActor } from "../../../documents/actor";
import type { SheetItem } from "./item-lists";
import { gameI18n, type RowButton, type SheetI18n } from "./row-buttons";
import type { ModuleFlags } from "./shared";

/** One score of the Aptitudes tab (RULES §6.1), with its test's button name. */
export interface ScoreRow {
  key: string;
  label: string;
  subAptitude: string;
  purpose: string;
  score: number;
  labelText: string;
  rollLabel: string;
}

/** One characteristic row of the Profil tab. */
export interface ProfileRow {
  key: ProfileKey;
  label: string;
  abbr: string;
  /** The printed value (what edit mode changes). */
  value: number;
  /** With the pressure bonus in effect. */
  total: number;
  bonus: number;
  /**
   * The pressure roll of the equipped gear linked to the boiler for this characteristic (RULES
   * §2): one gauge button for one item, one gauge that opens the list of them for several; null
   * without any (or when the user may not roll).
   */
  pressure: PressureControl | null;
  input: string;
  /** The label, abbreviation and roll button name, localised. */
  labelText: string;
  abbrText: string;
  rollLabel: string;
  /** D-39: the MOU row's move-action button label ("" on the other rows). */
  moveLabel: string;
  /** D-45: the move action is forbidden (*Terreur*): its button shows disabled. */
  moveDisabled: boolean;
}

/** A characteristic's pressure rolls: one button, or a gauge opening the list of several items. */
export interface PressureControl {
  /** The only item's button; null when there are several. */
  single: RowButton | null;
  /** The items' buttons when there are several (each named after its item). */
  several: { button: RowButton; name: string }[];
  /** The gauge's name when there are several: « Jets de pression : 2 objets ». */
  label: string;
  /** Every item's pressure is blocked (the status): the gauge is disabled. */
  disabled: boolean;
}

/** One aptitude with its sub-aptitudes (RULES §1), for the Aptitudes tab. */
export interface AptitudeRow {
  key: string;
  label: string;
  value: number;
  damage: number;
  current: number;
  /** The label, its damage input's name and its pool roll's name, localised. */
  labelText: string;
  damageLabel: string;
  poolLabel: string;
  subs: {
    key: string;
    label: string;
    value: number;
    score: number;
    labelText: string;
    poolLabel: string;
    scoreLabel: string;
    scoreTitle: string;
  }[];
}

/** One Active Effect row of the Effects tab. */
export interface EffectRow {
  id: string;
  /** The item the effect is on, "" for the actor's own effects. */
  parentId: string;
  name: string;
  img: string;
  disabled: boolean;
  /** The item's name, "" for the actor's own effects. */
  source: string;
  /** A transferred item effect applies to the actor; the others apply to their item. */
  transfer: boolean;
  /** When a pressure bonus ends (its window), localised; "" for other effects. */
  ends: string;
  /** v14: core expired it (it no longer applies; the world keeps expired effects). */
  expired: boolean;
}

/** An effect as the list reads it. */
type ListedEffect = ActiveEffect.Implementation;

/**
 * Whether core marks the effect's prepared duration expired (`expired`: set by core's duration preparation, not
 * in the v13.345 typings of the duration data).
 */
function isExpired(duration: unknown): boolean {
  return typeof duration === "object" && duration !== null && "expired" in duration && duration.expired === true;
}

/** What the row says of when an effect ends: a pressure bonus's window (its duration shown). */
function endsText(effect: ListedEffect, i18n: SheetI18n): string {
  const flag = pressureFlagOf({ id: effect.id, flags: effect.flags ?? {} });
  return flag ? i18n.format("TACTICA.Sheet.Effect.ends", { window: i18n.localize(pressureWindowLabel(flag)) }) : "";
}

/**
 * The effects the tab lists: the actor's own, then those on its items — transferred ones (which
 * core applies to the actor through `allApplicableEffects`) and the ones an item keeps for itself
 * (a weapon's pressure bonus) — so that every effect acting on the actor can be seen.
 */
export function effectRows(
  actor: TacticaActor,
  items: readonly Item.Implementation[],
  i18n: SheetI18n = gameI18n(),
): EffectRow[] {
  const row = (e: ListedEffect, parentId: string, source: string): EffectRow => ({
    id: e.id ?? "",
    parentId,
    name: e.name,
    img: e.img ?? "",
    disabled: e.disabled,
    source,
    transfer: parentId === "" || e.transfer === true,
    ends: endsText(e, i18n),
    expired: isExpired(e.duration),
  });
  const own = [...actor.effects].map((e) => row(e, "", ""));
  const carried = items.flatMap((item) => [...(item.effects ?? [])].map((e) => row(e, item.id ?? "", item.name)));
  return [...own, ...carried];
}

/** Items in their sheet order: core's `sort` field, then as the actor lists them (a stable sort). */
export function sortedItems<T extends { sort?: number }>(items: Iterable<T>): T[] {
  return [...items].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
}

/** RULES §2: equipped gear linked to the boiler, per characteristic it raises. */
function pressureGearByKey(items: readonly SheetItem[]): Record<PressureProfileKey, SheetItem[]> {
  const out: Record<PressureProfileKey, SheetItem[]> = { mou: [], ini: [], att: [], def: [], peur: [] };
  for (const gear of items)
    if (gear.pressureTarget && gear.linked && gear.equipped) out[gear.pressureTarget].push(gear);
  return out;
}

const isPressureKey = (key: string): key is PressureProfileKey => isOneOf(PRESSURE_PROFILE_KEYS, key);

/** A characteristic's pressure control (see {@link PressureControl}), from its linked, equipped gear. */
function pressureControl(items: readonly SheetItem[], i18n: SheetI18n): PressureControl | null {
  const buttons = items.flatMap((item) =>
    item.pressureButton ? [{ button: item.pressureButton, name: item.name }] : [],
  );
  if (buttons.length === 0) return null;
  const disabled = buttons.every((b) => b.button.disabled);
  if (buttons.length === 1) return { single: buttons[0]!.button, several: [], label: "", disabled };
  return {
    single: null,
    several: buttons,
    label: i18n.format("TACTICA.Sheet.Pressure.several", { count: String(buttons.length) }),
    disabled,
  };
}

/**
 * The characteristics of the Profil tab (PV is in the header). With the pressure module hidden
 * (S-modules) no row names a pressure bonus or offers a pressure roll (review N10): the value is
 * the total the rolls use.
 */
export function profileRows(
  model: CharacterModel | UnitModel,
  gear: readonly SheetItem[],
  i18n: SheetI18n,
  modules: ModuleFlags,
  moveForbidden = false,
): ProfileRow[] {
  const byKey = pressureGearByKey(gear);
  const pressure = (key: ProfileKey): key is PressureProfileKey => modules.pressure && isPressureKey(key);
  return PROFILE_KEYS.filter((k) => k !== "pv").map((key) => {
    const entry = model.profile[key];
    const labelText = i18n.localize(TACTICA.profile[key].label);
    return {
      key,
      label: TACTICA.profile[key].label,
      abbr: TACTICA.profile[key].abbr,
      value: entry.value,
      total: entry.total,
      bonus: pressure(key) ? model.pressureBonus[key] : 0,
      pressure: pressure(key) ? pressureControl(byKey[key], i18n) : null,
      input: `system.profile.${key}.value`,
      labelText,
      abbrText: i18n.localize(TACTICA.profile[key].abbr),
      rollLabel: i18n.format("TACTICA.Sheet.Roll.profile", { name: labelText }),
      moveLabel: key === "mou" ? i18n.localize("TACTICA.Sheet.Action.move") : "",
      moveDisabled: key === "mou" && moveForbidden,
    };
  });
}

export function aptitudeRows(model: CharacterModel, i18n: SheetI18n): AptitudeRow[] {
  return APTITUDE_KEYS.map((key) => {
    const apt = model.aptitudes[key];
    const labelText = i18n.localize(TACTICA.aptitudes[key].label);
    return {
      key,
      label: TACTICA.aptitudes[key].label,
      value: apt.value,
      damage: apt.damage,
      current: apt.current,
      labelText,
      damageLabel: i18n.format("TACTICA.Sheet.AptitudeDamage", { name: labelText }),
      poolLabel: i18n.format("TACTICA.Sheet.Roll.pool", { name: labelText }),
      subs: SUB_APTITUDES[key].map((sub) => {
        const name = i18n.localize(TACTICA.subAptitudes[sub].label);
        return {
          key: sub,
          label: TACTICA.subAptitudes[sub].label,
          value: model.subAptitudes[sub].value,
          score: model.scoreOf(sub),
          labelText: name,
          poolLabel: i18n.format("TACTICA.Sheet.Roll.pool", { name }),
          scoreLabel: i18n.format("TACTICA.Sheet.Roll.score", { name }),
          scoreTitle: i18n.format("TACTICA.Sheet.ScoreOf", { name }),
        };
      }),
    };
  });
}

/** RULES §6.1: the defence and reflection scores, each with the score-test button it offers. */
export function scoreRows(model: CharacterModel, i18n: SheetI18n): ScoreRow[] {
  const defence = [
    { key: "melee", subAptitude: "reflexe", score: model.defence.melee },
    { key: "ranged", subAptitude: "vigilance", score: model.defence.ranged },
    { key: "terrifying", subAptitude: "sangFroid", score: model.defence.terrifying },
  ].map((d) => ({ ...d, label: `TACTICA.Sheet.Score.defence.${d.key}`, purpose: "defence" }));
  const reflectionScores: readonly { key: string; subAptitude: SubAptitudeKey }[] = [
    { key: "motivate", subAptitude: "determination" },
    { key: "taunt", subAptitude: "perspicacite" },
    { key: "tool", subAptitude: "scholastique" },
  ];
  const reflection = reflectionScores.map((r) => ({
    ...r,
    label: `TACTICA.Sheet.Score.reflection.${r.key}`,
    purpose: "reflection",
    score: model.scoreOf(r.subAptitude),
  }));
  return [...defence, ...reflection].map((row) => {
    const labelText = i18n.localize(row.label);
    return { ...row, labelText, rollLabel: i18n.format("TACTICA.Sheet.Roll.score", { name: labelText }) };
  });
}
