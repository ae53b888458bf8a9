/**
 * Pressure bonuses as Active Effects and their windows (RULES §2, DESIGN §4). A pressure roll's
 * bonus becomes an effect — on the actor for MOU/INI/ATT/DEF/PEUR (`system.profile.<key>.pressure`),
 * on the weapon for its FOR (`system.pressure`) — with an UPGRADE change, so the highest active
 * bonus wins (D-6). `flags.tactica.pressure` records its window, which closes:
 * - `activation` (MOU): at `tactica.activationEnd` for that combatant's actor;
 * - `pursuit` (MOU rolled before a pursuit move, C15): after that move (src/actions/move.ts), or
 *   at the next threshold if no move came;
 * - `nextRoll` (INI, ATT, DEF): after the next roll of that characteristic (the roll methods call
 *   {@link closePressureWindow});
 * - `nextWound` (weapon FOR): after the next damage applied with that weapon;
 * - `turn` (PEUR): at `tactica.threshold` (the end of the turn in both combat modes, RULES §7).
 * Hook-driven closings are done by the active GM only: one writer, one write per document.
 *
 * A closing window ENDS its bonuses in the stored document, from the client that closes it (the
 * roller's for a next roll, the active GM's for the hook-driven ones), in one write per document:
 * - deleted, by default — a pressure window is rules bookkeeping, and ten pressure rolls must not
 *   leave ten "Expired" rows on the actor (core's default expiry action on v14 keeps them);
 * - v14, with the world setting `keepEndedPressure` ({@link keepEndedPressure}): kept, marked
 *   expired (no longer applied), as core's default expiry action does — unless the world's expiry
 *   action is "delete".
 * Which effects end is read from the stored source, never from what core's registry changed in
 * memory (foundryvtt#13743, src/compat/effects.ts).
 *
 * v14 also knows when each bonus ends: an actor's pressure effect carries an expiry event of
 * Tactica's (`CONFIG.ActiveEffect.expiryEvents`, registered on init: {@link PRESSURE_EXPIRY_EVENTS})
 * without a duration, so core's effect window names the event and the token shows the icon until
 * then; after ending its own bonuses, the closing client announces the event to core's registry,
 * which ends whatever other effect waits for it (a GM's own effect given one of these events). A
 * weapon's effect has no expiry (core tracks the effects of actors: `refresh(event, {actors})`).
 */
import type { PressureTarget } from "../rules/pressure";
import {
  announceExpiry,
  changesData,
  endEffects,
  expiringAt,
  ownExpiryEvent,
  registerExpiryEvents,
  type EffectHost,
  type ExpiringEffect,
} from "../compat/effects";
import { keepEndedPressure } from "../config/settings";

/** When a pressure bonus ends. */
export type PressureWindow = "activation" | "pursuit" | "nextRoll" | "nextWound" | "turn";

/** What `flags.tactica.pressure` holds. */
export interface PressureFlag {
  target: PressureTarget;
  window: PressureWindow;
  itemId: string;
}

/** RULES §2: how long each target's bonus lasts. */
export const PRESSURE_WINDOWS: Readonly<Record<PressureTarget, PressureWindow>> = {
  mou: "activation",
  ini: "nextRoll",
  att: "nextRoll",
  def: "nextRoll",
  peur: "turn",
  meleeStrength: "nextWound",
  rangedStrength: "nextWound",
};

/** True for the weapon's FOR (the effect goes on the weapon). */
export function isWeaponTarget(target: PressureTarget): boolean {
  return target === "meleeStrength" || target === "rangedStrength";
}

/**
 * v14: the expiry event that closes each window of an actor's effect (the next roll: one per
 * characteristic, since rolling ATT closes ATT's bonus only), with its label's language key.
 */
export const PRESSURE_EXPIRY_EVENTS = {
  activation: "tactica.activationEnd",
  pursuit: "tactica.pursuitEnd",
  turn: "tactica.turnEnd",
  ini: "tactica.nextIniRoll",
  att: "tactica.nextAttRoll",
  def: "tactica.nextDefRoll",
} as const;

/** The label key of each event (`TACTICA.Effect.expiry.<name>`). */
const EXPIRY_LABELS = Object.fromEntries(
  Object.entries(PRESSURE_EXPIRY_EVENTS).map(([name, id]) => [id, `TACTICA.Effect.expiry.${name}`]),
);

/** The v14 expiry event of a bonus on `target` lasting `window`, or null when it has none (a weapon's FOR). */
export function pressureExpiryEvent(
  target: PressureTarget,
  window: PressureWindow = PRESSURE_WINDOWS[target],
): string | null {
  if (window === "activation" || window === "pursuit" || window === "turn") return PRESSURE_EXPIRY_EVENTS[window];
  if (window === "nextRoll" && (target === "ini" || target === "att" || target === "def"))
    return PRESSURE_EXPIRY_EVENTS[target];
  return null;
}

/** The language key that names when a bonus ends (`TACTICA.Effect.expiry.*`: the event's label on v14 too). */
export function pressureWindowLabel(flag: PressureFlag): string {
  if (flag.window === "nextWound") return "TACTICA.Effect.expiry.wound";
  if (flag.window === "nextRoll" && (flag.target === "ini" || flag.target === "att" || flag.target === "def"))
    return `TACTICA.Effect.expiry.${flag.target}`;
  return `TACTICA.Effect.expiry.${flag.window === "nextRoll" ? "turn" : flag.window}`;
}

/**
 * The Active Effect data of a pressure bonus (created on the actor, or on the weapon); `window`
 * replaces the target's own (a MOU bonus for a pursuit move).
 */
export function pressureEffectData(o: {
  target: PressureTarget;
  bonus: number;
  itemId: string;
  itemUuid: string;
  name: string;
  img: string | null;
  window?: PressureWindow;
}) {
  const key = isWeaponTarget(o.target) ? "system.pressure" : `system.profile.${o.target}.pressure`;
  const pressure: PressureFlag = { target: o.target, window: o.window ?? PRESSURE_WINDOWS[o.target], itemId: o.itemId };
  const event = pressureExpiryEvent(o.target, pressure.window);
  return {
    name: o.name,
    img: o.img ?? "icons/svg/upgrade.svg",
    origin: o.itemUuid,
    transfer: false,
    ...changesData([{ key, type: "upgrade", value: o.bonus }]),
    ...(event ? expiringAt(event) : {}),
    flags: { tactica: { pressure } },
  };
}

/** An effect as read here (its stored source included: the window is read from it). */
interface EffectView extends ExpiringEffect {
  flags: Record<string, unknown>;
}

/** The pressure flag of an effect, or null. */
export function pressureFlagOf(effect: {
  readonly id?: string | null;
  readonly flags: Record<string, unknown>;
}): PressureFlag | null {
  // The flag Tactica writes on its pressure effects (FlagConfig ActiveEffect); the views passed
  // here carry flags untyped, so its window is checked before it is used.
  const flag = (effect.flags.tactica as { pressure?: PressureFlag } | undefined)?.pressure;
  return flag && typeof flag.window === "string" ? flag : null;
}

/** A document holding pressure effects (an actor or a weapon). */
interface EffectHolder extends EffectHost {
  readonly effects: Iterable<EffectView>;
}

/**
 * Ends, in one write, the pressure effects of `holder` whose window `matches` selects (deleted, or
 * kept as expired with the world setting: src/compat/effects.ts `endEffects`).
 */
async function endOn(holder: EffectHolder, matches: (flag: PressureFlag) => boolean): Promise<number> {
  const ending = [...holder.effects].filter((effect) => {
    const flag = pressureFlagOf(effect);
    return flag !== null && matches(flag);
  });
  return endEffects(holder, ending, keepEndedPressure());
}

/** The actor and its items, as holders of pressure effects. */
interface ActorView extends EffectHolder {
  items: Iterable<EffectHolder & { id: string | null }>;
}

/** The v14 events a close announces: the window's, or the next-roll event of `target` (all three without one). */
function eventsOf(window: Exclude<PressureWindow, "nextWound">, target: PressureTarget | undefined): string[] {
  if (window === "activation" || window === "pursuit" || window === "turn") return [PRESSURE_EXPIRY_EVENTS[window]];
  if (target === undefined) return [PRESSURE_EXPIRY_EVENTS.ini, PRESSURE_EXPIRY_EVENTS.att, PRESSURE_EXPIRY_EVENTS.def];
  const event = pressureExpiryEvent(target);
  return event ? [event] : [];
}

/**
 * Closes windows on one actor: `nextRoll` of `target`, `nextWound` of weapon `itemId`,
 * `activation`, `pursuit` or `turn` — several at once (a threshold ends both `turn` and
 * `pursuit`) — ending their bonuses in one write per document, then (v14) announcing the windows'
 * events to core's registry. Returns how many effects this client ended. Run it on a client that
 * may write the actor (its owner or a GM).
 */
export async function closePressureWindow(
  actor: ActorView,
  window: PressureWindow | readonly PressureWindow[],
  o: { target?: PressureTarget; itemId?: string } = {},
): Promise<number> {
  const windows: readonly PressureWindow[] = typeof window === "string" ? [window] : window;
  let closed = 0;
  if (windows.includes("nextWound")) {
    for (const item of actor.items)
      if (!o.itemId || item.id === o.itemId) closed += await endOn(item, (f) => f.window === "nextWound");
  }
  const own = windows.filter((w): w is Exclude<PressureWindow, "nextWound"> => w !== "nextWound");
  if (!own.length) return closed;
  closed += await endOn(
    actor,
    (f) => own.some((w) => w === f.window) && (o.target === undefined || f.target === o.target),
  );
  await announceExpiry(
    own.flatMap((w) => eventsOf(w, o.target)),
    [actor],
  );
  return closed;
}

/** Tactica's expiry events, for `ActiveEffect#isExpiryEvent` (src/documents/active-effect.ts). */
const OWN_EVENTS: ReadonlySet<string> = new Set(Object.values(PRESSURE_EXPIRY_EVENTS));

/**
 * v14 `ActiveEffect#isExpiryEvent` for Tactica's events: the effect waits for that event and
 * belongs to one of the announced actors; `null` for any other event (core decides).
 */
export function pressureExpiryEventOf(
  effect: Parameters<typeof ownExpiryEvent>[0],
  event: string,
  context: unknown,
): boolean | null {
  return ownExpiryEvent(effect, event, context, OWN_EVENTS);
}

/** The actors in play in a combat (each once). */
function actorsOf(combat: Combat.Implementation): ActorView[] {
  return [...new Set([...combat.combatants].flatMap((c) => (c.actor ? [c.actor] : [])))];
}

/** Registers the v14 expiry events (on init; the closing hooks are listened to in src/hooks/combat.ts). */
export function registerPressureWindows(): void {
  registerExpiryEvents(EXPIRY_LABELS);
}

/** `tactica.activationEnd`: the active GM closes the `activation` window of the combatant's actor. */
export function closeActivationWindow(combatant: Combatant.Implementation): void {
  const actor = combatant.actor;
  if (game.user?.isActiveGM && actor) void closePressureWindow(actor, "activation");
}

/** `tactica.threshold`: the active GM closes the `turn` and `pursuit` windows of the combat's actors. */
export function closeThresholdWindows(combat: Combat.Implementation): void {
  if (!game.user?.isActiveGM) return;
  for (const actor of actorsOf(combat)) void closePressureWindow(actor, ["turn", "pursuit"]);
}
