/**
 * Pressure bonuses as Active Effects and their windows (RULES §2, DESIGN §4). A pressure roll's
 * bonus becomes an effect — on the actor for MOU/INI/ATT/DEF/PEUR (`system.profile.<key>.pressure`),
 * on the weapon for its FOR (`system.pressure`) — in mode UPGRADE, so the highest active bonus
 * wins (D-6). `flags.tactica.pressure` records its window, and the effect is deleted when that
 * window closes:
 * - `activation` (MOU): at `tactica.activationEnd` for that combatant's actor;
 * - `pursuit` (MOU rolled before a pursuit move, C15): after that move (src/actions/move.ts), or
 *   at the next threshold if no move came;
 * - `nextRoll` (INI, ATT, DEF): after the next roll of that characteristic (the roll methods call
 *   {@link closePressureWindow});
 * - `nextWound` (weapon FOR): after the next damage applied with that weapon;
 * - `turn` (PEUR): at `tactica.threshold` (the end of the turn in both combat modes, RULES §7).
 * Hook-driven closings are done by the active GM only: one writer, one delete per document.
 */
import type { PressureTarget } from "./rules/pressure";

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
 * The Active Effect data of a pressure bonus (created on the actor, or on the weapon); `window`
 * replaces the target's own (a MOU bonus for a pursuit move).
 */
export function pressureEffectData(o: { target: PressureTarget; bonus: number; itemId: string; itemUuid: string; name: string; img: string | null; window?: PressureWindow }) {
  const key = isWeaponTarget(o.target) ? "system.pressure" : `system.profile.${o.target}.pressure`;
  const pressure: PressureFlag = { target: o.target, window: o.window ?? PRESSURE_WINDOWS[o.target], itemId: o.itemId };
  return {
    name: o.name,
    img: o.img ?? "icons/svg/upgrade.svg",
    origin: o.itemUuid,
    transfer: false,
    changes: [{ key, mode: CONST.ACTIVE_EFFECT_MODES.UPGRADE, value: String(o.bonus) }],
    flags: { tactica: { pressure } },
  };
}

/** An effect as read here. */
interface EffectView {
  id: string | null;
  flags: Record<string, unknown>;
}

/** The pressure flag of an effect, or null. */
export function pressureFlagOf(effect: EffectView): PressureFlag | null {
  const flag = (effect.flags.tactica as { pressure?: PressureFlag } | undefined)?.pressure;
  return flag && typeof flag.window === "string" ? flag : null;
}

/** A document holding effects (an actor or a weapon). */
interface EffectHolder {
  effects: Iterable<EffectView>;
  deleteEmbeddedDocuments(name: "ActiveEffect", ids: string[]): Promise<unknown>;
}

/** Deletes, in one request, the pressure effects of `holder` that `matches` selects. */
async function closeOn(holder: EffectHolder, matches: (flag: PressureFlag) => boolean): Promise<number> {
  const ids: string[] = [];
  for (const effect of holder.effects) {
    const flag = pressureFlagOf(effect);
    if (flag && effect.id && matches(flag)) ids.push(effect.id);
  }
  if (ids.length) await holder.deleteEmbeddedDocuments("ActiveEffect", ids);
  return ids.length;
}

/** The actor and its items, as holders of pressure effects. */
interface ActorView extends EffectHolder {
  items: Iterable<EffectHolder & { id: string | null }>;
}

/**
 * Closes a window on one actor: `nextRoll` of `target`, `nextWound` of weapon `itemId`,
 * `activation` or `turn`. Returns how many effects ended.
 */
export async function closePressureWindow(actor: ActorView, window: PressureWindow, o: { target?: PressureTarget; itemId?: string } = {}): Promise<number> {
  if (window === "nextWound") {
    let closed = 0;
    for (const item of actor.items) if (!o.itemId || item.id === o.itemId) closed += await closeOn(item, (f) => f.window === window);
    return closed;
  }
  return closeOn(actor, (f) => f.window === window && (o.target === undefined || f.target === o.target));
}

/** The actors in play in a combat (each once). */
function actorsOf(combat: unknown): ActorView[] {
  const combatants = (combat as { combatants?: Iterable<{ actor?: ActorView | null }> } | null)?.combatants ?? [];
  return [...new Set([...combatants].map((c) => c.actor).filter((a): a is ActorView => !!a))];
}

/** Listens to the combat hooks that close windows (see the module comment). Call on init. */
export function registerPressureWindows(): void {
  const hooks = Hooks as unknown as { on(name: string, fn: (...args: unknown[]) => unknown): number };
  hooks.on("tactica.activationEnd", (_combat, combatant) => {
    const actor = (combatant as { actor?: ActorView | null } | null)?.actor;
    if (game.user?.isActiveGM && actor) void closePressureWindow(actor, "activation");
  });
  hooks.on("tactica.threshold", (combat) => {
    if (!game.user?.isActiveGM) return;
    for (const actor of actorsOf(combat)) void closeOn(actor, (f) => f.window === "turn" || f.window === "pursuit");
  });
}
