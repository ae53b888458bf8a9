/**
 * The state part of a roll card (src/data/chat/roll-card.ts), shown under the roll: one row per
 * target with its result (resist, defence, damage breakdown) and the buttons the viewing user may
 * use on that row, the panic result drawn, AC spent, a *Différé* delay, and the card's notes.
 * Labels are language keys; names are user text, escaped by the template.
 */
import type { RollCardModel } from "../data/chat/roll-card";
import { PsyRoll } from "../dice/psy-roll";
import { PANIC_RESULTS } from "../config";
import { canAct, owns, type ActingUser, type CardMessageView } from "./permissions";

/** Where the state part lives, as Foundry loads it. */
export const CARD_STATE_TEMPLATE = "systems/tactica/templates/chat/parts/card-state.hbs";

/** One target row of the card. */
export interface TargetRow {
  index: number;
  name: string;
  outcomeLabel: string;
  outcome: string;
  total: number | null;
  modifier: number;
  distance: number | null;
  note: string | null;
  damage: { field: number; armour: number; resistant: number; pv: number } | null;
  canResist: boolean;
  canDefend: boolean;
  canApplyDamage: boolean;
}

/** What the state template receives. */
export interface CardStateContext {
  targets: TargetRow[];
  notes: string[];
  panic: { label: string; effect: string } | null;
  acSpent: number | null;
  delayed: number | null;
  noGM: boolean;
  hasState: boolean;
}

/** The message as the state part reads it. */
export interface StateMessage extends CardMessageView {
  card: RollCardModel | null;
  lastRoll: unknown;
}

function isPanicKey(key: string): key is keyof typeof PANIC_RESULTS {
  return key in PANIC_RESULTS;
}

/** The state context for `user` (pure: no rendering), exported for tests and the bench. */
export function cardStateContext(message: StateMessage, user: ActingUser | null | undefined): CardStateContext {
  const card = message.card;
  const empty: CardStateContext = { targets: [], notes: [], panic: null, acSpent: null, delayed: null, noGM: false, hasState: false };
  if (!card) return empty;
  const roll = message.lastRoll;
  const resistable = card.kind === "psy" && roll instanceof PsyRoll && roll.isSuccess && !!roll.options.resist;
  const targets = card.targets.map((t, index): TargetRow => ({
    index,
    name: t.name,
    outcome: t.outcome,
    outcomeLabel: `TACTICA.Chat.outcome.${t.outcome}`,
    total: t.total,
    modifier: t.modifier,
    distance: t.distance,
    note: t.note || null,
    damage: t.damage ? { ...t.damage } : null,
    canResist: resistable && t.outcome === "pending" && canAct(user, "resist", message, index),
    canDefend: card.kind === "attack" && t.outcome === "pending" && !t.note && canAct(user, "defend", message, index),
    canApplyDamage: card.kind === "attack" && t.outcome === "hit" && !t.damageApplied && canAct(user, "applyDamage", message, index),
  }));
  const panic = isPanicKey(card.panic) ? { label: PANIC_RESULTS[card.panic].label, effect: PANIC_RESULTS[card.panic].effect } : null;
  const anyButton = targets.some((t) => t.canResist || t.canDefend || t.canApplyDamage);
  // Said only when it matters: a button this user cannot use on their own without a GM.
  const noGM = !!user && !user.isGM && anyButton && !game.users?.activeGM && !owns(user, card.actorUuid);
  const context = { targets, notes: [...card.notes], panic, acSpent: card.acSpent, delayed: card.delayed, noGM, hasState: false };
  context.hasState = targets.length > 0 || context.notes.length > 0 || !!panic || card.acSpent !== null || card.delayed !== null || noGM;
  return context;
}

/** The state part's HTML for `user` ("" when the card has no state to show). */
export async function renderCardState(message: StateMessage, user: ActingUser | null | undefined): Promise<string> {
  const context = cardStateContext(message, user);
  if (!context.hasState) return "";
  return foundry.applications.handlebars.renderTemplate(CARD_STATE_TEMPLATE, context as unknown as Record<string, unknown>);
}
