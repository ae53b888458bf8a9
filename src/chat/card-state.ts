/**
 * The state part of a roll card (src/data/chat/roll-card.ts), shown under the roll: one row per
 * target with its result (resist, defence, damage breakdown) and the buttons the viewing user may
 * use on that row, the panic result drawn, AC spent, a *Différé* delay, and the card's notes.
 * Labels are language keys; names are user text, escaped by the template.
 */
import type { RollCardModel } from "../data/chat/roll-card";
import { PsyRoll } from "../dice/psy-roll";
import { PANIC_RESULTS } from "../config";
import { delayedResolveOf } from "./delayed-actions";
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
  /** The Resolve button of a card the combat posted again. */
  canResolve: boolean;
  acSpent: number | null;
  delayed: number | null;
  noGM: boolean;
  hasState: boolean;
}

/** The message as the state part reads it. */
export interface StateMessage extends CardMessageView {
  card: RollCardModel | null;
  lastRoll: unknown;
  flags?: unknown;
}

function isPanicKey(key: string): key is keyof typeof PANIC_RESULTS {
  return key in PANIC_RESULTS;
}

/** The state context for `user` (pure: no rendering), exported for tests and the bench. */
export function cardStateContext(message: StateMessage, user: ActingUser | null | undefined): CardStateContext {
  const card = message.card;
  const empty: CardStateContext = { targets: [], notes: [], panic: null, acSpent: null, delayed: null, delayedWaiting: false, canResolve: false, noGM: false, hasState: false };
  if (!card) return empty;
  const roll = message.lastRoll;
  const resistable = card.kind === "psy" && roll instanceof PsyRoll && roll.isSuccess && !!roll.options.resist;
  // RULES §7.2: a declared *Différé* action has not happened yet; its reposted card resolves it.
  const reposted = delayedResolveOf(message) !== null;
  const delayedWaiting = card.delayedState === "declared";
  const targets = card.targets.map((t, index) => targetRow(message, user, t, index, { resistable, waiting: delayedWaiting }));
  const panic = isPanicKey(card.panic) ? { label: PANIC_RESULTS[card.panic].label, effect: PANIC_RESULTS[card.panic].effect, face: card.panicFace } : null;
  const canResolve = reposted && delayedWaiting && canAct(user, "resolveDelayed", message);
  const anyButton = canResolve || targets.some((t) => t.canResist || t.canDefend || t.canApplyDamage);
  // Said only when it matters: a button this user cannot use on their own without a GM.
  const noGM = !!user && !user.isGM && anyButton && !game.users?.activeGM && !owns(user, card.actorUuid);
  const context = { targets, notes: [...card.notes], panic, acSpent: card.acSpent, delayed: card.delayed, delayedWaiting, canResolve, noGM, hasState: false };
  context.hasState = targets.length > 0 || context.notes.length > 0 || !!panic || card.acSpent !== null || card.delayed !== null || noGM;
  return context;
}

/** One target row with the buttons `user` may use on it. */
function targetRow(message: StateMessage, user: ActingUser | null | undefined, t: RollCardModel["targets"][number], index: number, o: { resistable: boolean; waiting: boolean }): TargetRow {
  const kind = message.card?.kind;
  const open = !o.waiting && t.outcome === "pending";
  return {
    index,
    name: t.name,
    outcome: t.outcome,
    outcomeLabel: `TACTICA.Chat.outcome.${t.outcome}`,
    total: t.total,
    modifier: t.modifier,
    distance: t.distance,
    note: t.note || null,
    damage: t.damage ? { ...t.damage } : null,
    canResist: o.resistable && open && canAct(user, "resist", message, index),
    canDefend: kind === "attack" && open && !t.note && canAct(user, "defend", message, index),
    canApplyDamage: kind === "attack" && !o.waiting && t.outcome === "hit" && !t.damageApplied && canAct(user, "applyDamage", message, index),
    stun: t.stun,
    stunForGM: (t.stun ?? 0) > 0 && !t.stunMoved,
  };
}

/** RULES §5 (D-16): the morale prompt's HTML for `user` (the button only for who may test). */
export async function renderPromptCard(o: { name: string; unshakeable: boolean; canTest: boolean }): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(CARD_STATE_TEMPLATE, { prompt: o });
}

/** RULES §4 (D-13): the maintenance card's HTML. */
export async function renderMaintainCard(o: { name: string; power: string; ac: number }): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(CARD_STATE_TEMPLATE, { maintained: o });
}

/** The state part's HTML for `user` ("" when the card has no state to show). */
export async function renderCardState(message: StateMessage, user: ActingUser | null | undefined): Promise<string> {
  const context = cardStateContext(message, user);
  if (!context.hasState) return "";
  return foundry.applications.handlebars.renderTemplate(CARD_STATE_TEMPLATE, context as unknown as Record<string, unknown>);
}
