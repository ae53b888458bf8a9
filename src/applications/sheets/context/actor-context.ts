/**
 * The context of the actor sheets (character, npc, unit): a plain function of the actor, its
 * items and the sheet options. Every number comes from the data models' derived values (which the
 * rules compute); this file only arranges them for the templates, with label keys to localise.
 */
import { PANIC_RESULTS, TACTICA } from "../../../config/config";
import { BOUNDS, PRESSURE_PROFILE_KEYS } from "../../../data/fields";
import { CharacterModel, NpcModel } from "../../../data/actor/character";
import { UnitModel } from "../../../data/actor/unit";
import { WILLPOWER_MAX } from "../../../rules/pool";
import { forbiddingCondition, PANIC_ACTS } from "../../../rules/panic";
import { panicConditionsOf } from "../../../data/actor/derived";
import { MORALE_STATES } from "../../../data/fields";
import { STATUS_IDS } from "../../../effects/status-effects";
import type { TacticaActor } from "../../../documents/actor";
import { cancelsPowers } from "../../../actions/psy";
import { equipmentContext, type EquipmentContext, type SheetItem } from "./item-lists";
import { powersContext, type PowersContext } from "./power-list";
import {
  aptitudeRows,
  effectRows,
  profileRows,
  scoreRows,
  sortedItems,
  type AptitudeRow,
  type EffectRow,
  type ProfileRow,
  type ScoreRow,
} from "./actor-rows";
import { cachedI18n, gameI18n, rowKit, ROLL_ICON, type RowLabels } from "./row-buttons";
import { percent, type SheetOptions, type TabDefinition } from "./shared";

export { effectRows, sortedItems, type AptitudeRow, type EffectRow, type ProfileRow, type ScoreRow };

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

/** RULES §6.1: an attack an NPC's stat block lists — an equipped weapon or a grenade, with its score. */
export interface AttackLine {
  row: SheetItem;
  score: number;
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
  unit: {
    banner: boolean;
    general: boolean;
    outnumbered: boolean;
    leaderCo: number | null;
    coForTests: number;
  } | null;
  aptitudes: AptitudeRow[] | null;
  /** A player character's build totals (RULES §1: 15 / 12), shown in edit mode, or in play mode when they are off. */
  build: {
    aptitudes: { total: number; target: number; off: boolean };
    subAptitudes: { total: number; target: number; off: boolean };
    shown: boolean;
  } | null;
  scores: ScoreRow[];
  /** `canCancel`: D-47, the actor is a psyker (mastery 1 or more, or a choir) who may cancel a power in play. */
  psy: PowersContext & { mastery: number | null; chanting: number | null; choirPowerId: string; canCancel: boolean };
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
    /** D-45: what each panic condition held forbids the figure (its result's text), worst first. */
    constraints: string[];
  };
  /** The actor's own effects, then each item's (source: the item's name; parentId: its id). */
  effects: EffectRow[];
  /** The gauges (RULES §1), shown in edit mode, or in play mode when one is not zero. */
  gauges: { disruptif: number; incendiaire: number; shown: boolean };
  /** D-46: the pressure dice the actor's own special ability grants, shown in edit mode or when above 1. */
  pressureDice: { value: number; max: number; shown: boolean };
  /** RULES §6.1: the attacks of a stat block (equipped weapons and grenades, with their scores). */
  attacks: AttackLine[];
  biography: string;
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
    constraints: panicConditionsOf(actor.statuses).map((condition) => PANIC_RESULTS[condition].effect),
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

/** The model an actor sheet shows, in its three kinds. */
interface Models {
  model: CharacterModel | UnitModel;
  character: CharacterModel | null;
  unit: UnitModel | null;
  npc: boolean;
}

/** The header: PV, WP (a player character's, with the pool module), exhaustion, strength, AC, morale. */
function headerContext(
  { model, character, unit, npc }: Models,
  options: SheetOptions,
  editMode: boolean,
): ActorSheetContext["header"] {
  const pv = model.profile.pv;
  return {
    pv: { value: pv.value, max: pv.max, pct: percent(pv.value, pv.max) },
    // RULES §3 (D-9): an NPC never gains WP, so its sheet shows none.
    willpower:
      character?.gainsWillpower && options.modules.pool
        ? { value: character.willpower.value, max: WILLPOWER_MAX }
        : null,
    // An NPC's stat block shows its exhaustion only when it has some.
    exhaustion:
      character && options.modules.tactical && (!npc || editMode || character.exhaustion > 0)
        ? character.exhaustion
        : null,
    strength: unit ? { ...unit.strength, pct: percent(unit.strength.current, unit.strength.start) } : null,
    ac: { total: model.profile.ac.total, remaining: model.actions.remaining },
    moraleState: `TACTICA.Sheet.Morale.state.${model.morale.state}`,
  };
}

/** What the sheet's state decides: who may roll, in which mode, with which modules. */
function sheetState(actor: TacticaActor, models: Models, options: SheetOptions) {
  const editMode = options.editable && options.mode === "edit";
  // Roll buttons for who may change the actor (dnd5e marks rolls "rollable" only on an
  // editable sheet): a roll spends the actor's AC or WP, which an observer or a locked compendium
  // could not write anyway.
  const canRoll = options.editable;
  return {
    editable: options.editable,
    canRoll,
    editMode,
    modules: options.modules,
    isCharacter: models.character !== null,
    pressureBlocked: actor.statuses.has("pressureBlocked"),
    forbidden: PANIC_ACTS.filter((act) => forbiddingCondition(panicConditionsOf(actor.statuses), act) !== null),
  };
}

/** The Psy, Moral and Effets tabs' and the gauges' context. */
function otherTabs(actor: TacticaActor, { model, character, unit }: Models, editMode: boolean) {
  return {
    morale: moraleContext(actor, model),
    gauges: {
      disruptif: model.gauges.disruptif,
      incendiaire: model.gauges.incendiaire,
      shown: editMode || model.gauges.disruptif > 0 || model.gauges.incendiaire > 0,
    },
    pressureDice: { value: model.pressureDice, max: BOUNDS.pressureDice, shown: editMode || model.pressureDice > 1 },
    psyOf: (powers: PowersContext): ActorSheetContext["psy"] => ({
      ...powers,
      mastery: character ? character.psyker.mastery : null,
      chanting: unit ? unit.choir.chanting : null,
      choirPowerId: unit?.choir.powerId ?? "",
      canCancel: cancelsPowers(actor),
    }),
  };
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
  const models: Models = { model, character, unit, npc: model instanceof NpcModel };
  const state = sheetState(actor, models, options);
  const { editMode, canRoll, modules } = state;
  const kit = rowKit(state, cachedI18n(options.i18n ?? gameI18n()));
  const items = sortedItems(actor.items);
  const equipment = equipmentContext(items, { lang: options.lang, kit });
  const { psyOf, ...tabs } = otherTabs(actor, models, editMode);
  const { id, uuid, name, img, type } = actor;
  return {
    actor: { id: id ?? "", uuid, name, img: img ?? "", type, typeLabel: `TYPES.Actor.${type}` },
    isCharacter: character !== null,
    isNpc: models.npc,
    isUnit: unit !== null,
    editable: options.editable,
    editMode,
    canRoll,
    poolRolls: canRoll && !editMode && modules.pool,
    rollIcon: ROLL_ICON,
    showsAptitudes: character !== null && (modules.pool || modules.tactical),
    limited: options.limited === true,
    modules,
    header: headerContext(models, options, editMode),
    profile: profileRows(model, equipment.gear, kit.i18n, modules, state.forbidden.includes("move")),
    pressureBlocked: state.pressureBlocked,
    activePressure: PRESSURE_PROFILE_KEYS.filter((k) => model.pressureBonus[k] > 0).map((k) => ({
      abbr: TACTICA.profile[k].abbr,
      bonus: model.pressureBonus[k],
    })),
    unit: unit
      ? {
          banner: unit.banner,
          general: unit.general,
          outnumbered: unit.outnumbered,
          leaderCo: unit.leaderCo,
          coForTests: unit.coForTests,
        }
      : null,
    aptitudes: character ? aptitudeRows(character, kit.i18n) : null,
    build: character && !models.npc ? buildContext(character, editMode) : null,
    scores: character ? scoreRows(character, kit.i18n) : [],
    psy: psyOf(powersContext(items, character, kit)),
    equipment,
    labels: kit.labels,
    createTypes: ["weapon", "armor", "forceField", "grenade", "gear"]
      .filter((t) => modules.tactical || (t !== "forceField" && t !== "grenade"))
      .map((type) => ({ type, label: `TYPES.Item.${type}` })),
    ...tabs,
    effects: effectRows(actor, items, kit.i18n),
    attacks: character ? attackLines(character, equipment) : [],
    biography: model.biography,
  };
}
