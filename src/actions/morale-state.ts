/**
 * D-41: the morale state of an actor IS its one panic condition (a status effect). Changing it —
 * a panic draw, a rally, the sheet's select, the condition list — writes each document once
 * (DESIGN §6, core review M16):
 * - a panic effect the actor already has is turned into the new condition IN the actor's own
 *   update (its `effects: [{_id, …}]`, merged by `_id` by core's EmbeddedCollectionField, as the
 *   damage pipeline changes worn items: docs/rules-decisions.md "Embedded items in the actor's
 *   update"), so a redraw after a failed rally is one write with the card's key;
 * - only when there is none to turn is the condition's effect created, by core's own
 *   `toggleStatusEffect` (one creation: v13 client `documents/actor.mjs`, from
 *   `ActiveEffect.fromStatusEffect`);
 * - other panic effects (two set by hand) are deleted in one request; calm deletes them all.
 */
import type { MoraleState } from "../data/fields";
import { changesData } from "../compat/effects";
import { statusChanges, type StatusId } from "../effects/status-effects";

/** The panic conditions (RULES §5, D-18): a rally removes them; a panic draw sets one at a time. */
export const PANIC_STATUSES = ["panicked", "retreating", "terrified"] as const;

/** The writes that give `actor` the morale state `state` (see the module comment). */
export interface MoraleSwap {
  /** The embedded change of the actor's update (none, or one panic effect turned into `state`'s). */
  effects: Record<string, unknown>[];
  /** `state`'s effect must be created: the actor has no panic effect to turn into it. */
  create: boolean;
  /** The other panic effects, deleted in one request. */
  remove: string[];
}

/** An effect as the swap reads it. */
interface HeldEffect {
  id: string | null;
  statuses: ReadonlySet<string>;
}

const isPanic = (effect: HeldEffect) => PANIC_STATUSES.some((s) => effect.statuses.has(s));

/**
 * What an effect becomes to be the condition `id`, as core makes a status's effect
 * (`ActiveEffect.fromStatusEffect`: the entry's fields, its name localised, its id among the
 * statuses) — its changes always written, so a −1 ATT of *Tenir bon* does not outlive it (D-40).
 */
function conditionData(id: StatusId): Record<string, unknown> {
  const entry = CONFIG.statusEffects.find((status) => status.id === id);
  const name = game.i18n?.localize(entry?.name ?? `TACTICA.Status.${id}`) ?? id;
  return { name, img: entry?.img ?? null, statuses: [id], ...changesData(statusChanges(id)) };
}

/** D-41: the writes that make `state` the morale state of `actor` (nothing to write: all empty). */
export function moraleSwap(actor: Actor.Implementation, state: MoraleState): MoraleSwap {
  const panics: HeldEffect[] = actor.effects.filter(isPanic);
  const ids = (list: HeldEffect[]) => list.flatMap((e) => (e.id ? [e.id] : []));
  if (state === "steady") return { effects: [], create: false, remove: ids(panics) };
  // The effect that stays: one already holding `state`, else a plain panic effect turned into it.
  const held = panics.find((e) => e.statuses.has(state));
  const turned = held ? null : panics.find((e) => e.statuses.size === 1 && e.id);
  const kept = held ?? turned;
  return {
    effects: turned?.id ? [{ _id: turned.id, ...conditionData(state) }] : [],
    create: !kept,
    remove: ids(panics.filter((e) => e !== kept)),
  };
}

/**
 * Writes `swap` on `actor`: `update` (the actor's own change: a card's key, AC…) with the turned
 * effect in the SAME update, then the creation or the deletions it still needs.
 */
export async function applySwap(
  actor: Actor.Implementation,
  state: MoraleState,
  swap: MoraleSwap,
  update: object = {},
): Promise<void> {
  const change = swap.effects.length ? { ...update, effects: swap.effects } : update;
  if (Object.keys(change).length) await actor.update(change);
  if (swap.remove.length) await actor.deleteEmbeddedDocuments("ActiveEffect", swap.remove);
  if (swap.create && state !== "steady") await actor.toggleStatusEffect(state, { active: true });
}

/** D-41: sets the morale state of `actor`, that is its one panic condition (`steady`: none). */
export function setMoraleState(actor: Actor.Implementation, state: MoraleState): Promise<void> {
  return applySwap(actor, state, moraleSwap(actor, state));
}
