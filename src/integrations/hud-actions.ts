/**
 * The rolls Token Action HUD offers for an actor: every roll button its sheet shows, read from the
 * same context the sheet's templates print ({@link actorSheetContext}, in play mode, for a user
 * who owns the actor), grouped as the sheet's tabs group them. Each action carries the button's
 * own request — its `data-action`, its data attributes and the inputs beside it — which a click
 * turns into the actor's roll method through the sheet's own `rollRequest` and `dispatchRoll`
 * (src/applications/sheets/actions.ts): the HUD and the sheet cannot roll differently.
 *
 * The two rolls that need a number typed beside their button on the sheet get one action per
 * value the sheet accepts: *Annuler un pouvoir* per power level (1–8), the fear test per enemy
 * PEUR (1–10), once for a unit that charges and once for one that is charged.
 */
import { TACTICA } from "../config/config";
import { APTITUDE_KEYS, isOneOf } from "../rules/keys";
import { BOUNDS } from "../data/fields";
import { ACTOR_TABS, type ActorSheetContext } from "../applications/sheets/context/actor-context";
import type { RowButton } from "../applications/sheets/context/row-buttons";
import { shownTabIds } from "../applications/sheets/context/shared";
import { ROLL_ACTIONS, type RollAction, type RollInputs } from "../applications/sheets/actions";

/** The aptitudes' groups: one per aptitude, named after it (RULES §1). */
const APTITUDE_GROUPS = APTITUDE_KEYS.map((aptitude) => ({
  id: `aptitude-${aptitude}` as const,
  label: TACTICA.aptitudes[aptitude].label,
  aptitude,
}));

/**
 * The sheet's tabs with rolls, in the sheet's order, as the HUD's top-level groups (named as the
 * tabs), each with its subgroups (in order) and their name keys.
 */
export const HUD_LAYOUT = [
  {
    id: "profile",
    label: "TACTICA.Sheet.Tab.profile",
    groups: [
      { id: "characteristics", label: "TACTICA.Integrations.Hud.characteristics" },
      { id: "pressure", label: "TACTICA.Integrations.Hud.pressure" },
    ],
  },
  {
    id: "aptitudes",
    label: "TACTICA.Sheet.Tab.aptitudes",
    groups: [...APTITUDE_GROUPS, { id: "scores", label: "TACTICA.Sheet.Score.title" }],
  },
  {
    id: "psy",
    label: "TACTICA.Sheet.Tab.psy",
    groups: [
      { id: "powers", label: "TACTICA.Integrations.Hud.powers" },
      { id: "cancel", label: "TACTICA.Sheet.Psy.cancelTitle" },
    ],
  },
  {
    id: "equipment",
    label: "TACTICA.Sheet.Tab.equipment",
    groups: [
      { id: "weapons", label: "TACTICA.Sheet.Equipment.weapons" },
      { id: "grenades", label: "TACTICA.Sheet.Equipment.grenades" },
      { id: "gear", label: "TACTICA.Sheet.Equipment.gear" },
    ],
  },
  {
    id: "morale",
    label: "TACTICA.Sheet.Tab.morale",
    groups: [
      { id: "morale", label: "TACTICA.Integrations.Hud.morale" },
      { id: "fear", label: "TACTICA.Integrations.Hud.fear" },
      { id: "fearCharging", label: "TACTICA.Integrations.Hud.fearCharging" },
    ],
  },
] as const;

/** A subgroup's id. */
export type HudGroupId = (typeof HUD_LAYOUT)[number]["groups"][number]["id"];

/** A click's request, in the sheet's terms: the button's action, its data attributes, the inputs beside it. */
export interface HudRequest {
  method: RollAction;
  data: Record<string, string>;
  inputs: RollInputs;
}

/** One action of the HUD. */
export interface HudAction {
  /** Unique among the actor's actions (TAH keys its actions by id). */
  id: string;
  group: HudGroupId;
  /** The button's name on the sheet. */
  name: string;
  /** The value the sheet shows beside it ("" for none). */
  info: string;
  img: string;
  /** Shown disabled on the sheet (pressure blocked, no grenade left): so in the HUD, where a click does nothing. */
  disabled: boolean;
  request: HudRequest;
}

/** What a translation is asked for (the sheet context's own texts are already localised). */
export interface HudI18n {
  localize(key: string): string;
  format(key: string, data: Record<string, string>): string;
}

type Make = (
  group: HudGroupId,
  request: HudRequest,
  name: string,
  extra?: { info?: string | number; img?: string; disabled?: boolean },
) => HudAction;

const make: Make = (group, request, name, extra = {}) => ({
  id: [request.method, ...Object.values(request.data), ...Object.values(request.inputs).map(String)].join(":"),
  group,
  name,
  info: extra.info === undefined ? "" : String(extra.info),
  img: extra.img ?? "",
  disabled: extra.disabled === true,
  request,
});

const request = (method: RollAction, data: Record<string, string> = {}, inputs: RollInputs = {}): HudRequest => ({
  method,
  data,
  inputs,
});

/**
 * A row button as its template prints it — `data-action`, `data-item-id`, and the pool it joins
 * when it has one — or none for a button that is no roll.
 */
function fromButton(group: HudGroupId, button: RowButton | null, img = ""): HudAction[] {
  if (!button || !isOneOf(ROLL_ACTIONS, button.action)) return [];
  const data: Record<string, string> = { itemId: button.itemId };
  if (button.aptitude) Object.assign(data, { aptitude: button.aptitude, subAptitude: button.subAptitude });
  return [make(group, request(button.action, data), button.label, { img, disabled: button.disabled })];
}

/** The Profil tab (templates/sheets/actor/parts/characteristics.hbs): tests, pressure, the move action. */
function profileActions(ctx: ActorSheetContext): HudAction[] {
  if (!ctx.canRoll) return [];
  return ctx.profile.flatMap((row) => {
    const out = [make("characteristics", request("rollProfile", { key: row.key }), row.rollLabel, { info: row.total })];
    if (ctx.modules.pressure && row.pressure) {
      const buttons = row.pressure.single ? [row.pressure.single] : row.pressure.several.map((s) => s.button);
      out.push(...buttons.flatMap((button) => fromButton("pressure", button)));
    }
    if (row.moveLabel)
      out.push(make("characteristics", request("move"), row.moveLabel, { disabled: row.moveDisabled }));
    return out;
  });
}

/** The Aptitudes tab (parts/aptitude-grid.hbs, parts/scores.hbs): pools, score tests, defence and reflection scores. */
function aptitudeActions(ctx: ActorSheetContext): HudAction[] {
  if (!ctx.showsAptitudes || !ctx.aptitudes) return [];
  const scoreTests = ctx.modules.tactical && ctx.canRoll;
  const grid = ctx.aptitudes.flatMap((apt) => {
    const group = APTITUDE_GROUPS.find((g) => g.aptitude === apt.key)?.id;
    if (!group) return [];
    const pools = ctx.poolRolls
      ? [
          make(group, request("rollPool", { aptitude: apt.key }), apt.poolLabel, { info: apt.current }),
          ...apt.subs.map((sub) =>
            make(group, request("rollPool", { aptitude: apt.key, subAptitude: sub.key }), sub.poolLabel, {
              info: sub.value,
            }),
          ),
        ]
      : [];
    const scores = scoreTests
      ? apt.subs.map((sub) =>
          make(group, request("rollScore", { subAptitude: sub.key }), sub.scoreLabel, { info: sub.score }),
        )
      : [];
    return [...pools, ...scores];
  });
  const listed = scoreTests
    ? ctx.scores.map((row) =>
        make("scores", request("rollScore", { subAptitude: row.subAptitude, purpose: row.purpose }), row.rollLabel, {
          info: row.score,
        }),
      )
    : [];
  return [...grid, ...listed];
}

/** The Équipement tab (equipment.hbs): each row's rolls, in its list. */
function equipmentActions(ctx: ActorSheetContext): HudAction[] {
  const groups: Partial<Record<string, HudGroupId>> = { weapons: "weapons", grenades: "grenades", gear: "gear" };
  return ctx.equipment.sections.flatMap((section) => {
    const group = groups[section.css];
    if (!group) return [];
    return section.rows.flatMap((row) => [row.primary, ...row.buttons].flatMap((b) => fromButton(group, b, row.img)));
  });
}

/** The Psy tab (psy.hbs): each power's cast and maintenance, and cancelling a power in play per level. */
function psyActions(ctx: ActorSheetContext, i18n: HudI18n): HudAction[] {
  const powers = ctx.psy.powers.flatMap((power) =>
    [power.primary, ...power.buttons].flatMap((button) => fromButton("powers", button, power.img)),
  );
  if (!ctx.canRoll) return powers;
  const levels = Array.from({ length: BOUNDS.levelMax - BOUNDS.levelMin + 1 }, (_, i) => BOUNDS.levelMin + i);
  const cancel = levels.map((level) =>
    make(
      "cancel",
      request("cancelPower", {}, { cancelLevel: String(level) }),
      i18n.format("TACTICA.Integrations.Hud.level", { level: String(level) }),
    ),
  );
  return [...powers, ...cancel];
}

/** The Moral tab (morale.hbs): the morale test, rally, and the fear test per enemy PEUR, charging or charged. */
function moraleActions(ctx: ActorSheetContext, i18n: HudI18n): HudAction[] {
  if (!ctx.canRoll) return [];
  const fear = (charging: boolean) =>
    Array.from({ length: BOUNDS.fear }, (_, i) => i + 1).map((level) =>
      make(
        charging ? "fearCharging" : "fear",
        request("fearTest", {}, { fear: String(level), charging }),
        i18n.format("TACTICA.Integrations.Hud.fearLevel", { level: String(level) }),
      ),
    );
  return [
    make("morale", request("moraleTest"), i18n.localize("TACTICA.Sheet.Action.moraleTest")),
    make("morale", request("rally"), i18n.localize("TACTICA.Sheet.Action.rally")),
    ...fear(false),
    ...fear(true),
  ];
}

/** Every roll the sheet offers, as HUD actions, for the tabs the world shows (S-modules). */
export function hudActions(ctx: ActorSheetContext, i18n: HudI18n): HudAction[] {
  const tabs = shownTabIds(ACTOR_TABS, ctx.modules);
  return [
    ...profileActions(ctx),
    ...aptitudeActions(ctx),
    ...equipmentActions(ctx),
    ...(tabs.includes("psy") ? psyActions(ctx, i18n) : []),
    ...(tabs.includes("morale") ? moraleActions(ctx, i18n) : []),
  ];
}
