/**
 * What follows a combat update, decided on the active GM's client from STORED state only (RULES
 * §7.1–§7.3): the ended activation's end (its MOU pressure window closed, the powers it did not
 * maintain ended, D-13) and hook, the thresholds (their pressure windows closed), the cards of
 * resolved *Différé* markers, the new activation's start (its records cleared, its AC reset,
 * D-42) and its hook. The system's own work is called here directly; the `tactica.*` hooks are
 * for modules.
 *
 * Nothing here reads what the writer put in the update options: a player can send any options
 * with an update core lets them make (https://foundryvtt.com/api/v13/functions/hookEvents.updateDocument.html
 * — `options` travel as sent; the `userId` is the server's). The inputs are:
 * - core's own record of the encounter before and after the update (`Combat#previous`,
 *   `Combat#current`: round, turn, acting combatant), computed on every client from the stored
 *   round, turn and turn order;
 * - the timeline before the update (this client's last sight of the stored flags — the furthest,
 *   should a write have put it back) and after it;
 * - the attested `userId`: only a GM's options are read at all (`turnEvents: false`, core's own
 *   "no turn events"), and a player's change of round or turn is accepted only as core's End Turn
 *   of a combatant they own — exactly the step core's `nextTurn` takes, in *tours* mode, never on
 *   a timeline. Any other player change (a jump over combatants, a later round) is undone by the
 *   active GM and nothing follows it.
 *
 * The combat's chat lines are posted here too (the end of this module), by the active GM as cards
 * of the one card path (src/data/chat/roll-card.ts): a due *Différé* action (kind `delayedDue`,
 * which shows its declaring card again and lets its targets act), and the "action lost" notice of
 * *Focalisé* (kind `notice`). Names are user text: the cards render them escaped, never as raw flavor.
 *
 * The combat is typed `Combat.Implementation`, which is TacticaCombat (./declarations.ts): the
 * class imports this file, so this file does not import the class.
 */
import { processThresholds } from "./thresholds";
import { postInfoCard } from "../actions/common";
import { goesBack, readLastThreshold, roundThresholds, type CombatSnapshot } from "./state";
import { initiativeChanges, timelineChange } from "./timeline-steps";
import { thresholdsCrossed, type TimelineActionEntry, type TimelineState } from "../rules/timeline";
import { endUnmaintainedPowers, startActivation } from "../actions/activation";
import { closeActivationWindow, closeThresholdWindows } from "../effects/pressure-windows";
import type { CombatMode } from "../config/settings";

/** The highest round processed per combat in this session, against two quick updates in a row. */
const processedRounds = new Map<string, number>();

/** Core's record of the encounter (`CombatHistoryData`). */
interface EncounterState {
  round: number;
  turn: number | null;
  combatantId: string | null;
}

/** What one update sets off; computed synchronously in `_onUpdate`, run in the combat's queue. */
export interface FollowUp {
  mode: CombatMode;
  /** A player's refused change: the state to go back to (nothing else follows). */
  undo: { round: number; turn: number | null } | null;
  /**
   * Timeline: a write put the timeline behind the one this client saw (two GMs' End actions at
   * once, the second computed from the timeline before the first): the timeline to write back.
   * Nothing else follows.
   */
  forward?: TimelineState | null;
  ended: Combatant.Implementation | null;
  started: Combatant.Implementation | null;
  /** *Tours*: the round moved, so rounds may have become thresholds. */
  roundMoved: boolean;
  /** Timeline: thresholds the pointer crossed (already recorded by the update). */
  thresholds: number[];
  due: { id: string; ownerId: string }[];
}

/** Core's record of the encounter (`Combat#current`, `#previous`); its round is a whole number from 0 on. */
function encounter(state: Combat.HistoryData): EncounterState {
  return { round: state.round ?? 0, turn: state.turn, combatantId: state.combatantId };
}

/** Whether core's encounter state differs (its own test: combatant, round or turn). */
function differs(a: EncounterState, b: EncounterState): boolean {
  return a.combatantId !== b.combatantId || a.round !== b.round || a.turn !== b.turn;
}

/**
 * *Tours*: where core's End Turn (`Combat#nextTurn`, and `nextRound` past the last turn) leads
 * from `before`, as core computes it on the clicking client: the next turn — with the world's
 * "skip defeated" setting, the next combatant not defeated — or, past the last one, the next
 * round at its first turn (its first combatant not defeated). Core's v13 client `Combat#nextTurn`
 * and `#nextRound`; the same computation in dnd5e's and draw-steel's overrides.
 */
function endTurnFrom(combat: Combat.Implementation, before: EncounterState): { round: number; turn: number | null } {
  const skip = combat.settings?.skipDefeated === true;
  const turns = combat.turns;
  const from = before.turn ?? -1;
  let next: number | null = from + 1;
  if (skip) next = turns.findIndex((c, i) => i > from && c.isDefeated !== true);
  if (next === -1 || next >= turns.length) {
    let turn: number | null = before.turn === null ? null : 0;
    if (skip && turn !== null)
      turn = Math.max(
        0,
        turns.findIndex((c) => c.isDefeated !== true),
      );
    return { round: before.round + 1, turn };
  }
  return { round: before.round, turn: next };
}

/**
 * *Tours*: core's End Turn, made by a player who owns the combatant whose turn it was — exactly
 * the one step core's `nextTurn` takes, never a jump over other combatants or to a later round.
 */
function isEndTurnBy(
  combat: Combat.Implementation,
  before: EncounterState,
  after: EncounterState,
  user: User.Implementation,
): boolean {
  if (before.round < 1) return false;
  const ended = before.combatantId ? combat.combatants.get(before.combatantId) : undefined;
  if (!ended?.testUserPermission(user, "OWNER")) return false;
  const step = endTurnFrom(combat, before);
  return after.round === step.round && after.turn === step.turn;
}

/** Input of {@link followUpOf}. */
export interface UpdateInput {
  changed: object;
  options: Combat.Database.OnUpdateOperation;
  userId: string;
  /** This client's snapshot from before the update. */
  before: CombatSnapshot;
  every: number;
}

/**
 * Decides what follows an update of `combat`, from core's encounter record (already updated by
 * core's `_onUpdate`) and the stored timeline; `null` when nothing does.
 */
export function followUpOf(
  combat: Combat.Implementation,
  { changed, options, userId, before, every }: UpdateInput,
): FollowUp | null {
  const mode = combat.mode;
  const prior = combat.previous ? encounter(combat.previous) : undefined;
  const now = encounter(combat.current);
  const moved = !!prior && differs(prior, now);
  const user = game.users?.get(userId);
  const byGM = user?.isGM === true;
  const none: FollowUp = {
    mode,
    undo: null,
    forward: null,
    ended: null,
    started: null,
    roundMoved: false,
    thresholds: [],
    due: [],
  };
  if (moved && !byGM) {
    const accepted = mode === "tours" && !!user && isEndTurnBy(combat, prior, now, user);
    // Back to the combatant whose turn it was (its index, should the order have changed with it).
    const back = combat.turns.findIndex((c) => c.id === prior.combatantId);
    if (!accepted) return { ...none, undo: { round: prior.round, turn: back >= 0 ? back : prior.turn } };
  }
  if (mode === "tours") {
    if (!moved || !prior) return null;
    // Core's own "no turn events" (resetAll, initiative batches) — read from a GM only.
    const events = !(byGM && options.turnEvents === false);
    const ended =
      events && prior.round > 0 && prior.combatantId ? (combat.combatants.get(prior.combatantId) ?? null) : null;
    const started = events && combat.started ? (combat.combatant ?? null) : null;
    return { ...none, ended, started, roundMoved: "round" in changed };
  }
  const after = combat.started ? combat.timeline : null;
  if (!after) return null;
  if (!before.timeline) return { ...none, started: combat.turns[0] ?? null };
  // RULES §7.2: the pointer never moves back; a write that moved it back is undone (./state.ts).
  if (goesBack(before.timeline, after)) return { ...none, forward: before.timeline };
  const change = timelineChange(before.timeline, after);
  if (!change.actingChanged) return null;
  const get = (id: string | undefined) => (id ? (combat.combatants.get(id) ?? null) : null);
  // RULES §7.3: each threshold once — the pointer only moves on from the furthest this client saw.
  const thresholds = thresholdsCrossed(before.timeline.pointer, after.pointer, every);
  return {
    ...none,
    ended: get(change.before?.id),
    started: get(change.after?.id),
    thresholds,
    due: change.resolved.map((entry) => ({ id: entry.id, ownerId: entry.ownerId })),
  };
}

/** *Tours* mode: the new rounds to process, recorded on the combat first (one write). */
async function claimRounds(combat: Combat.Implementation): Promise<number[]> {
  if (!combat.id) return [];
  const last = Math.max(readLastThreshold(combat), processedRounds.get(combat.id) ?? 0);
  const rounds = roundThresholds(last, combat.round);
  if (rounds.length === 0) return [];
  processedRounds.set(combat.id, combat.round);
  await combat.update({ flags: { tactica: { lastThreshold: combat.round } } });
  return rounds;
}

/** Runs a follow-up on the active GM: hooks, thresholds, due cards, the new activation's start — in that order. */
export async function runFollowUp(combat: Combat.Implementation, followUp: FollowUp): Promise<void> {
  if (followUp.undo) {
    console.warn(`Tactica | a player's change of round or turn on combat ${combat.id ?? "?"} was undone`);
    // No turn events for the way back: nothing happened.
    await combat.update(followUp.undo, { turnEvents: false });
    return;
  }
  if (followUp.forward) {
    console.warn(`Tactica | a timeline put back on combat ${combat.id ?? "?"} was written forward again`);
    const mirrors = initiativeChanges(followUp.forward, combat.timelineCombatants());
    await combat.update({
      flags: { tactica: { timeline: followUp.forward } },
      ...(mirrors.length ? { combatants: mirrors } : {}),
    });
    return;
  }
  const { mode, ended, started } = followUp;
  const thresholds = mode === "tours" ? (followUp.roundMoved ? await claimRounds(combat) : []) : followUp.thresholds;
  if (ended) {
    // RULES §7.1: an activation's end closes the MOU pressure window and ends unmaintained powers (D-13).
    closeActivationWindow(ended);
    endUnmaintainedPowers(ended);
    Hooks.callAll("tactica.activationEnd", combat, ended);
  }
  if (thresholds.length) {
    await processThresholds(combat, mode, thresholds);
    // RULES §7: a threshold is the end of the turn for the PEUR and pursuit pressure windows.
    closeThresholdWindows(combat);
  }
  for (const due of followUp.due) await postDueAction(combat, due);
  if (!started) return;
  // D-42: the new activation's once-per-activation records cleared and its AC reset — one write
  // of the actor, before anyone hears the activation started.
  await startActivation(started.actor);
  Hooks.callAll("tactica.activationStart", combat, started);
}

/* ------------------------------------------------------------ the combat's chat lines (RULES §7.2) */

/** The language key of a lost *Focalisé* action's notice (read back by src/chat/delayed-actions.ts). */
export const FOCUS_LOST_KEY = "TACTICA.Combat.Delayed.Lost";

function combatantName(combat: Combat.Implementation, id: string): string {
  return combat.combatants.get(id)?.name ?? "?";
}

/**
 * RULES §7.2: the pointer reached a *Différé* marker — the action resolves: a `delayedDue` card
 * names the declaring card (the marker's id is its chat message id), which is marked resolved so
 * its targets' buttons come back. Fires `tactica.delayedDue`.
 */
export async function postDueAction(
  combat: Combat.Implementation,
  due: { id: string; ownerId: string },
): Promise<void> {
  const name = combatantName(combat, due.ownerId);
  const line = game.i18n?.format("TACTICA.Combat.Delayed.Due", { name }) ?? name;
  // Every world message is of the registered class (`CONFIG.ChatMessage.documentClass`, set on init);
  // fvtt-types 13.345 types the world collection's members as the base ChatMessage.
  const stored = game.messages?.get(due.id);
  const original = stored instanceof CONFIG.ChatMessage.documentClass ? stored : undefined;
  const message = await postInfoCard(
    { kind: "delayedDue", sourceMessage: due.id, label: name, actorUuid: original?.card?.actorUuid ?? "" },
    { summary: [line] },
  );
  if (original?.card?.delayedState === "declared") await original.update({ system: { delayedState: "resolved" } });
  Hooks.callAll("tactica.delayedDue", combat, due, message ?? null);
}

/** RULES §7.2 *Focalisé*: one notice per lost action, naming the card of that action. */
export async function postFocusLost(
  combat: Combat.Implementation,
  ownerId: string,
  lost: readonly TimelineActionEntry[],
): Promise<void> {
  const name = combatantName(combat, ownerId);
  for (const entry of lost) {
    const data = { name, position: String(entry.position) };
    const text = game.i18n?.format(FOCUS_LOST_KEY, data) ?? name;
    await postInfoCard(
      { kind: "notice", sourceMessage: entry.id, notice: { key: FOCUS_LOST_KEY, data } },
      { summary: [text] },
    );
  }
}
