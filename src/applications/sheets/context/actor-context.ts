/**
 * The context of the actor sheets (character, npc, unit): a plain function of the actor, its
 * items and the sheet options. Every number comes from the data models' derived values (which the
 * rules compute); this file only arranges them for the templates, with label keys to localise.
 */
import { TACTICA } from "../../../config/config";
import { PRESSURE_PROFILE_KEYS, type PressureProfileKey } from "../../../data/fields";
import { CharacterModel, NpcModel } from "../../../data/actor/character";
import { UnitModel } from "../../../data/actor/unit";
import {
  APTITUDE_KEYS,
  isOneOf,
  PROFILE_KEYS,
  SUB_APTITUDES,
  type ProfileKey,
  type SubAptitudeKey,
} from "../../../rules/keys";
import { WILLPOWER_MAX } from "../../../rules/pool";
import { MORALE_STATES } from "../../../data/fields";
import { STATUS_IDS } from "../../../effects/status-effects";
import { pressureFlagOf, pressureWindowLabel } from "../../../effects/pressure-windows";
import type { TacticaActor } from "../../../documents/actor";
import {
  equipmentContext,
  powersContext,
  type EquipmentContext,
  type PowersContext,
  type SheetItem,
} from "./item-lists";
import { cachedI18n, gameI18n, rowKit, ROLL_ICON, type RowButton, type RowLabels, type SheetI18n } from "./row-buttons";
import { percent, type SheetOptions, type TabDefinition } from "./shared";

/** The tabs of the actor sheets (core v13 TABS entries), with the module each one needs. */
export const ACTOR_TABS: readonly TabDefinition[] = [
  { id: "profile", icon: "fa-solid fa-id-card", label: "TACTICA.Sheet.Tab.profile" },
  { id: "aptitudes", icon: "fa-solid fa-dice-six", label: "TACTICA.Sheet.Tab.aptitudes" },
  { id: "psy", icon: "fa-solid fa-brain", label: "TACTICA.Sheet.Tab.psy", module: "psy" },
  { id: "equipment", icon: "fa-solid fa-shield-halved", label: "TACTICA.Sheet.Tab.equipment" },
  { id: "morale", icon: "fa-solid fa-flag", label: "TACTICA.Sheet.Tab.morale", module: "morale" },
  { id: "effects", icon: "fa-solid fa-bolt", label: "TACTICA.Sheet.Tab.effects" },
  { id: "notes", icon: "fa-solid fa-book", label: "TACTICA.Sheet.Tab.notes" },
];

/**
 * The tab definitions an actor shows: Aptitudes only for characters and NPCs whose world uses the
 * pool or the tactical module; the module filter itself is applied by `shownTabIds`.
 */
export function actorTabs(hasAptitudes: boolean, modules: SheetOptions["modules"]): TabDefinition[] {
  return ACTOR_TABS.filter((t) => t.id !== "aptitudes" || (hasAptitudes && (modules.pool || modules.tactical)));
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

/** RULES §6.1: an attack an NPC's stat block lists — an equipped weapon or a grenade, with its score. */
export interface AttackLine {
  row: SheetItem;
  score: number;
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

/** Everything the actor sheet templates read. */
export interface ActorSheetContext {
  actor: { id: string; uuid: string; name: string; img: string; type: string; typeLabel: string };
  isCharacter: boolean;
  /** A GM character: its own compact sheet (stat block), no WP, no build totals. */
  isNpc: boolean;
  isUnit: boolean;
  editable: boolean;
  editMode: boolean;
  /** The user may roll for the actor (the sheet is editable): roll buttons are shown. */
  canRoll: boolean;
  /** Pool rolls are offered (play mode, the pool module, a user who may roll). */
  poolRolls: boolean;
  /** The icon of every roll button (one icon; the action is in the button's name). */
  rollIcon: string;
  /** The aptitudes are shown (a character or NPC in a world with the pool or tactical module). */
  showsAptitudes: boolean;
  /** LIMITED permission: the header shows the portrait and the name only. */
  limited: boolean;
  modules: SheetOptions["modules"];
  header: {
    pv: { value: number; max: number; pct: number };
    willpower: { value: number; max: number } | null;
    exhaustion: number | null;
    strength: { start: number; current: number; pct: number } | null;
    ac: { total: number; remaining: number };
    moraleState: string;
  };
  profile: ProfileRow[];
  pressureBlocked: boolean;
  activePressure: { abbr: string; bonus: number }[];
  unit: { banner: boolean; general: boolean; leaderCo: number | null; coForTests: number } | null;
  aptitudes: AptitudeRow[] | null;
  /** A player character's build totals (RULES §1: 15 / 12), shown in edit mode, or in play mode when they are off. */
  build: {
    aptitudes: { total: number; target: number; off: boolean };
    subAptitudes: { total: number; target: number; off: boolean };
    shown: boolean;
  } | null;
  scores: {
    key: string;
    label: string;
    subAptitude: string;
    purpose: string;
    score: number;
    labelText: string;
    rollLabel: string;
  }[];
  psy: PowersContext & { mastery: number | null; chanting: number | null; choirPowerId: string };
  equipment: EquipmentContext;
  /** Labels the item rows share, localised once per render. */
  labels: RowLabels;
  /** The item types the equipment tab offers to create. */
  createTypes: { type: string; label: string }[];
  morale: {
    state: string;
    stateLabel: string;
    states: { value: string; label: string; selected: boolean }[];
    fearPassed: number;
    unshakeable: boolean;
    triggered: boolean;
    co: number;
    conditions: { id: string; label: string; active: boolean }[];
  };
  /** The actor's own effects, then each item's (source: the item's name; parentId: its id). */
  effects: EffectRow[];
  /** The gauges (RULES §1), shown in edit mode, or in play mode when one is not zero. */
  gauges: { disruptif: number; incendiaire: number; shown: boolean };
  /** RULES §6.1: the attacks of a stat block (equipped weapons and grenades, with their scores). */
  attacks: AttackLine[];
  biography: string;
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

function profileRows(model: CharacterModel | UnitModel, gear: readonly SheetItem[], i18n: SheetI18n): ProfileRow[] {
  const byKey = pressureGearByKey(gear);
  return PROFILE_KEYS.filter((k) => k !== "pv").map((key) => {
    const entry = model.profile[key];
    const labelText = i18n.localize(TACTICA.profile[key].label);
    return {
      key,
      label: TACTICA.profile[key].label,
      abbr: TACTICA.profile[key].abbr,
      value: entry.value,
      total: entry.total,
      bonus: isPressureKey(key) ? model.pressureBonus[key] : 0,
      pressure: isPressureKey(key) ? pressureControl(byKey[key], i18n) : null,
      input: `system.profile.${key}.value`,
      labelText,
      abbrText: i18n.localize(TACTICA.profile[key].abbr),
      rollLabel: i18n.format("TACTICA.Sheet.Roll.profile", { name: labelText }),
      moveLabel: key === "mou" ? i18n.localize("TACTICA.Sheet.Action.move") : "",
    };
  });
}

function aptitudeRows(model: CharacterModel, i18n: SheetI18n): AptitudeRow[] {
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
function scoreRows(model: CharacterModel, i18n: SheetI18n): ActorSheetContext["scores"] {
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

function moraleContext(actor: TacticaActor, model: CharacterModel | UnitModel): ActorSheetContext["morale"] {
  const state = model.morale.state;
  return {
    state,
    stateLabel: `TACTICA.Sheet.Morale.state.${state}`,
    states: MORALE_STATES.map((s) => ({ value: s, label: `TACTICA.Sheet.Morale.state.${s}`, selected: s === state })),
    fearPassed: model.morale.fearPassed,
    unshakeable: model.morale.unshakeable,
    triggered: model.moraleTriggered,
    co: model instanceof UnitModel ? model.coForTests : model.profile.co.total,
    conditions: STATUS_IDS.map((id) => ({ id, label: `TACTICA.Status.${id}`, active: actor.statuses.has(id) })),
  };
}

/** RULES §1: a player character's build totals against 15 / 12 (the sheet flags a difference, never blocks). */
function buildContext(character: CharacterModel, editMode: boolean): NonNullable<ActorSheetContext["build"]> {
  const { aptitudes, subAptitudes } = character.build;
  const off = { aptitudes: aptitudes.difference !== 0, subAptitudes: subAptitudes.difference !== 0 };
  return {
    aptitudes: { total: aptitudes.total, target: aptitudes.target, off: off.aptitudes },
    subAptitudes: { total: subAptitudes.total, target: subAptitudes.target, off: off.subAptitudes },
    shown: editMode || off.aptitudes || off.subAptitudes,
  };
}

/** RULES §6.1: the equipped weapons and the grenades, each with its attack score (the model's). */
function attackLines(character: CharacterModel, equipment: EquipmentContext): AttackLine[] {
  const rows = new Map([...equipment.weapons, ...equipment.grenades].map((r) => [r.id, r]));
  return character.attacks.flatMap((a) => {
    const row = rows.get(a.itemId);
    return row ? [{ row, score: a.score }] : [];
  });
}

/**
 * The whole context of an actor sheet. `null` for an actor whose `system` is not Tactica's
 * (a subtype another package added): the sheet then shows nothing of ours.
 */
export function actorSheetContext(actor: TacticaActor, options: SheetOptions): ActorSheetContext | null {
  const model = actor.model;
  if (!model) return null;
  const character = model instanceof CharacterModel ? model : null;
  const unit = model instanceof UnitModel ? model : null;
  const editMode = options.editable && options.mode === "edit";
  const pressureBlocked = actor.statuses.has("pressureBlocked");
  // Roll buttons for who may change the actor (dnd5e marks rolls "rollable" only on an
  // editable sheet): a roll spends the actor's AC or WP, which an observer or a locked compendium
  // could not write anyway.
  const canRoll = options.editable;
  const state = {
    editable: options.editable,
    canRoll,
    editMode,
    modules: options.modules,
    isCharacter: character !== null,
    pressureBlocked,
  };
  const kit = rowKit(state, cachedI18n(options.i18n ?? gameI18n()));
  const items = sortedItems(actor.items);
  const equipment = equipmentContext(items, { lang: options.lang, kit });
  const powers = powersContext(items, character, kit);
  const pv = model.profile.pv;
  return {
    actor: {
      id: actor.id ?? "",
      uuid: actor.uuid,
      name: actor.name,
      img: actor.img ?? "",
      type: actor.type,
      typeLabel: `TYPES.Actor.${actor.type}`,
    },
    isCharacter: character !== null,
    isNpc: model instanceof NpcModel,
    isUnit: unit !== null,
    editable: options.editable,
    editMode,
    canRoll,
    poolRolls: canRoll && !editMode && options.modules.pool,
    rollIcon: ROLL_ICON,
    showsAptitudes: character !== null && (options.modules.pool || options.modules.tactical),
    limited: options.limited === true,
    modules: options.modules,
    header: {
      pv: { value: pv.value, max: pv.max, pct: percent(pv.value, pv.max) },
      // RULES §3 (D-9): an NPC never gains WP, so its sheet shows none.
      willpower:
        character?.gainsWillpower && options.modules.pool
          ? { value: character.willpower.value, max: WILLPOWER_MAX }
          : null,
      // An NPC's stat block shows its exhaustion only when it has some.
      exhaustion:
        character && options.modules.tactical && (!(model instanceof NpcModel) || editMode || character.exhaustion > 0)
          ? character.exhaustion
          : null,
      strength: unit ? { ...unit.strength, pct: percent(unit.strength.current, unit.strength.start) } : null,
      ac: { total: model.profile.ac.total, remaining: model.actions.remaining },
      moraleState: `TACTICA.Sheet.Morale.state.${model.morale.state}`,
    },
    profile: profileRows(model, equipment.gear, kit.i18n),
    pressureBlocked,
    activePressure: PRESSURE_PROFILE_KEYS.filter((k) => model.pressureBonus[k] > 0).map((k) => ({
      abbr: TACTICA.profile[k].abbr,
      bonus: model.pressureBonus[k],
    })),
    unit: unit
      ? { banner: unit.banner, general: unit.general, leaderCo: unit.leaderCo, coForTests: unit.coForTests }
      : null,
    aptitudes: character ? aptitudeRows(character, kit.i18n) : null,
    build: character && !(model instanceof NpcModel) ? buildContext(character, editMode) : null,
    scores: character ? scoreRows(character, kit.i18n) : [],
    psy: {
      ...powers,
      mastery: character ? character.psyker.mastery : null,
      chanting: unit ? unit.choir.chanting : null,
      choirPowerId: unit?.choir.powerId ?? "",
    },
    equipment,
    labels: kit.labels,
    createTypes: ["weapon", "armor", "forceField", "grenade", "gear"]
      .filter((t) => options.modules.tactical || (t !== "forceField" && t !== "grenade"))
      .map((type) => ({ type, label: `TYPES.Item.${type}` })),
    morale: moraleContext(actor, model),
    effects: effectRows(actor, items, kit.i18n),
    gauges: {
      disruptif: model.gauges.disruptif,
      incendiaire: model.gauges.incendiaire,
      shown: editMode || model.gauges.disruptif > 0 || model.gauges.incendiaire > 0,
    },
    attacks: character ? attackLines(character, equipment) : [],
    biography: model.biography,
  };
}
