/**
 * The state part of a roll card (src/data/chat/roll-card.ts), shown under the roll: one row per
 * target with its result (resist, defence, damage breakdown) and the buttons the viewing user may
 * use on that row, the panic result drawn, AC spent, a *Différé* delay, and the card's notes.
 * Labels are language keys; names are user text, escaped by the template.
 */
import type { RollCardModel } from "../data/chat/roll-card";
import { PsyRoll } from "../dice/psy-roll";
import { PANIC_RESULTS } from "../config";
import { owns, cardActor, type CardAt, type Someone } from "./authority";
import { canAct } from "./permissions";

/** Where the state part lives, as Foundry loads it. */
export const CARD_STATE_TEMPLATE = "systems/tactica/templates/chat/parts/card-state.hbs";

/** One target row of the card. */
export interface TargetRow {
  index: number;
  name: string;
  outcomeLabel: string;
  outcome: string;
  total: number | null;
  /** the target's own dice, as "3 + 4" (empty when none were rolled) */
  dice: string;
  modifier: number;
  distance: number | null;
  note: string | null;
  damage: { field: number; armour: number; resistant: number; pv: number } | null;
  canResist: boolean;
  canDefend: boolean;
  canApplyDamage: boolean;
  /** RULES §6.4 *Etourdissante*: positions moved later (0: passed), null: no test. */
  stun: number | null;
  /** The stun delay still has to be applied by the GM (no running timeline). */
  stunForGM: boolean;
}

/** What the state template receives. */
export interface CardStateContext {
  targets: TargetRow[];
  notes: string[];
  panic: { label: string; effect: string; face: number | null } | null;
  /** *Différé*: the action's marker waits on the timeline (the targets' buttons wait too). */
  delayedWaiting: boolean;
  acSpent: number | null;
  delayed: number | null;
  noGM: boolean;
  hasState: boolean;
}

function isPanicKey(key: string): key is keyof typeof PANIC_RESULTS {
  return key in PANIC_RESULTS;
}

/** The state context for `user` (pure: no rendering), exported for tests and the bench. */
export function cardStateContext(found: CardAt, user: Someone | null | undefined): CardStateContext {
  const card = found.card;
  const roll = found.message.lastRoll;
  const resistable = card.kind === "psy" && roll instanceof PsyRoll && roll.options.mode === "cast" && roll.isSuccess && !!roll.options.resist;
  // RULES §7.2: a declared *Différé* action has not happened yet; its due card shows it again.
  const delayedWaiting = card.delayedState === "declared";
  const targets = card.targets.map((t, index) => targetRow(found, user, t, index, { resistable, waiting: delayedWaiting }));
  const panic = isPanicKey(card.panic) ? { label: PANIC_RESULTS[card.panic].label, effect: PANIC_RESULTS[card.panic].effect, face: card.panicFace } : null;
  const anyButton = targets.some((t) => t.canResist || t.canDefend || t.canApplyDamage);
  // Said only when it matters: a button this user cannot use on their own without a GM.
  const noGM = !!user && !user.isGM && anyButton && !game.users?.activeGM && !owns(user, cardActor(found));
  const context = { targets, notes: [...card.notes], panic, acSpent: card.acSpent, delayed: card.delayed, delayedWaiting, noGM, hasState: false };
  context.hasState = targets.length > 0 || context.notes.length > 0 || !!panic || card.acSpent !== null || card.delayed !== null || noGM;
  return context;
}

/** One target row with the buttons `user` may use on it. */
function targetRow(found: CardAt, user: Someone | null | undefined, t: RollCardModel["targets"][number], index: number, o: { resistable: boolean; waiting: boolean }): TargetRow {
  const kind = found.card.kind;
  const open = !o.waiting && t.outcome === "pending";
  return {
    index,
    name: t.name,
    outcome: t.outcome,
    outcomeLabel: `TACTICA.Chat.outcome.${t.outcome}`,
    total: t.total,
    dice: t.dice.join(" + "),
    modifier: t.modifier,
    distance: t.distance,
    note: t.note || null,
    damage: t.damage ? { ...t.damage } : null,
    canResist: o.resistable && open && canAct(user, "resist", found, index),
    canDefend: kind === "attack" && open && !t.note && canAct(user, "defend", found, index),
    canApplyDamage: kind === "attack" && !o.waiting && t.outcome === "hit" && !t.damageApplied && canAct(user, "applyDamage", found, index),
    stun: t.stun,
    stunForGM: (t.stun ?? 0) > 0 && !t.stunMoved,
  };
}

/** The state part's HTML for `user` ("" when the card has no state to show). */
export async function renderCardState(found: CardAt, user: Someone | null | undefined): Promise<string> {
  const context = cardStateContext(found, user);
  if (!context.hasState) return "";
  return foundry.applications.handlebars.renderTemplate(CARD_STATE_TEMPLATE, context as unknown as Record<string, unknown>);
}
