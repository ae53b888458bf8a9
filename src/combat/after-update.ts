/**
 * What follows a turn change, on the active GM only (RULES §7.1–§7.3): the ended activation's
 * hook, the thresholds (recorded before they are processed, so never twice), the cards of due
 * action markers, the new activation's AC reset (*tours*) and its hook.
 */
import { processThresholds } from "./thresholds";
import { postDueAction } from "./cards";
import { readLastThreshold, readUpdateContext, roundThresholds } from "./state";
import { CharacterModel } from "../data/actor/character";
import { UnitModel } from "../data/actor/unit";
import type { TimelineActionEntry } from "../rules/timeline";
import type { TacticaCombat } from "./combat";

/** The highest round processed per combat in this session, against two quick updates in a row. */
const processedRounds = new Map<string, number>();

/** Due markers as the update context carries them. */
export function dueEffects(due: readonly TimelineActionEntry[]): { id: string; ownerId: string }[] {
  return due.map((entry) => ({ id: entry.id, ownerId: entry.ownerId }));
}

/** *Tours* mode: the new rounds to process, recorded on the combat first (one write). */
async function claimRounds(combat: TacticaCombat, changed: object): Promise<number[]> {
  if (!("round" in changed) || !combat.id) return [];
  const last = Math.max(readLastThreshold(combat), processedRounds.get(combat.id) ?? 0);
  const rounds = roundThresholds(last, combat.round);
  if (rounds.length === 0) return [];
  processedRounds.set(combat.id, combat.round);
  await combat.update({ "flags.tactica.lastThreshold": combat.round } as Combat.UpdateData);
  return rounds;
}

/** RULES §4: a new activation starts with all its AC (*tours* mode). */
async function resetActions(combatant: Combatant.Implementation): Promise<void> {
  const actor = combatant.actor;
  const system = actor?.system;
  if (!(system instanceof CharacterModel) && !(system instanceof UnitModel)) return;
  if (system.actions.spent > 0) await actor?.update({ system: { actions: { spent: 0 } } });
}

/** Runs after every combat update on the active GM; does nothing for updates it did not mark. */
export async function runAfterTurnChange(combat: TacticaCombat, changed: object, options: unknown): Promise<void> {
  const context = readUpdateContext(options);
  if (!context) return;
  const mode = combat.mode;
  const thresholds = mode === "tours" ? await claimRounds(combat, changed) : (context.thresholds ?? []);
  const ended = context.endedId ? combat.combatants.get(context.endedId) : undefined;
  if (ended) Hooks.callAll("tactica.activationEnd", combat, ended);
  if (thresholds.length) await processThresholds(combat, mode, thresholds);
  for (const due of context.due ?? []) await postDueAction(combat, due);
  const current = combat.started ? combat.combatant : undefined;
  if (!current) return;
  if (mode === "tours") await resetActions(current);
  Hooks.callAll("tactica.activationStart", combat, current);
}
