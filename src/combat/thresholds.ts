/**
 * RULES §7.3: processing a threshold crossing on a combat — the rules' `thresholdTick` for every
 * combatant's actor (ONE update per actor even when several thresholds are crossed at once),
 * then ONE chat card listing what happened, then the hook `tactica.threshold`.
 *
 * Runs on the active GM only; the caller has already recorded the threshold on the combat, so a
 * reload, an undo or a second GM never processes it again.
 */
import { thresholdTick, type ThresholdEvent, type ThresholdResult } from "../rules/threshold";
import { thresholdUpdate } from "../data/actor/threshold-update";
import { CharacterModel } from "../data/actor/character";
import { UnitModel } from "../data/actor/unit";
import type { CombatMode } from "../config/settings";
import { postInfoCard } from "../actions/common";
import { formatPlural } from "../utils/plural";

/** One combatant's line of the threshold card. */
export interface ThresholdSummaryEntry {
  combatantId: string;
  actorId: string | null;
  name: string;
  events: ThresholdEvent[];
}

/** What `tactica.threshold` receives, and what the card shows. */
export interface ThresholdSummary {
  mode: CombatMode;
  /** The thresholds processed: rounds (*tours*) or multiples of S-threshold (timeline). */
  thresholds: number[];
  /** Every combatant, with what happened to it (possibly nothing). */
  entries: ThresholdSummaryEntry[];
}

/** The parts of a combatant this module reads. */
interface CombatantLike {
  readonly id: string | null;
  readonly name?: string | undefined;
  readonly actor: Actor.Implementation | null;
}

/** Applies `count` thresholds in a row to one actor's protection; `null` for a foreign subtype. */
function tickActor(
  actor: Actor.Implementation,
  count: number,
): { result: ThresholdResult; update: object | null } | null {
  const system = actor.system;
  if (!(system instanceof CharacterModel) && !(system instanceof UnitModel)) return null;
  const protection = system.protection();
  let state = protection.target;
  const events: ThresholdEvent[] = [];
  for (let i = 0; i < count; i++) {
    const step = thresholdTick(state);
    state = step.state;
    events.push(...step.events);
  }
  const result = { state, events };
  return { result, update: thresholdUpdate(protection, result) };
}

/** Localised text of one event, for the card. */
export function eventText(event: ThresholdEvent): string {
  const i18n = game.i18n;
  if (!i18n) return event.type;
  switch (event.type) {
    case "fieldRestored":
      return i18n.format("TACTICA.Combat.Threshold.Field", { renfort: String(event.renfortAfter) });
    case "burn":
      // D-36: what the armour's Résistant Incendiaire stopped is said (older cards have no `resisted`).
      return event.resisted > 0
        ? formatPlural(i18n, "TACTICA.Combat.Threshold.BurnResisted", event.resisted, {
            pv: event.pvLost,
            after: event.pvAfter,
          })
        : i18n.format("TACTICA.Combat.Threshold.Burn", { pv: String(event.pvLost), after: String(event.pvAfter) });
    case "incendiaryDecay":
      return i18n.format("TACTICA.Combat.Threshold.IncendiaryDecay", { after: String(event.after) });
    case "disruptiveDecay":
      return i18n.format("TACTICA.Combat.Threshold.DisruptiveDecay", { after: String(event.after) });
  }
}

/**
 * RULES §7.3: processes `thresholds` (already recorded) for every combatant of `combat`. Each
 * actor is ticked once per threshold and written once; unlinked tokens have their own actor.
 */
export async function processThresholds(
  combat: Combat.Implementation & { combatants: Iterable<CombatantLike> },
  mode: CombatMode,
  thresholds: number[],
): Promise<ThresholdSummary> {
  const summary: ThresholdSummary = { mode, thresholds, entries: [] };
  if (thresholds.length === 0) return summary;
  const seen = new Set<Actor.Implementation>();
  for (const combatant of combat.combatants) {
    const actor = combatant.actor;
    const entry: ThresholdSummaryEntry = {
      combatantId: combatant.id ?? "",
      actorId: actor?.id ?? null,
      name: combatant.name ?? "",
      events: [],
    };
    summary.entries.push(entry);
    // Two combatants of one actor (a unit twice in the tracker) tick it once.
    if (!actor || seen.has(actor)) continue;
    seen.add(actor);
    const ticked = tickActor(actor, thresholds.length);
    if (!ticked) continue;
    entry.events = ticked.result.events;
    if (ticked.update) await actor.update(ticked.update);
  }
  await postThresholdCard(summary);
  Hooks.callAll("tactica.threshold", combat, summary);
  return summary;
}

/**
 * The one chat card of a threshold crossing (a card of kind `threshold`, rendered for each viewer
 * in their language; GM-only whisper would hide gauges players see).
 */
async function postThresholdCard(summary: ThresholdSummary): Promise<void> {
  const entries = summary.entries
    .filter((entry) => entry.events.length > 0)
    .map((entry) => ({ name: entry.name, events: entry.events }));
  const label = summary.mode === "tours" ? "TACTICA.Combat.Threshold.Round" : "TACTICA.Combat.Threshold.Position";
  const title = game.i18n?.format(label, { value: summary.thresholds.join(", ") }) ?? label;
  const lines = entries.map(
    (entry) =>
      game.i18n?.format("TACTICA.Combat.Threshold.SummaryLine", {
        name: entry.name,
        events: entry.events.map(eventText).join(" · "),
      }) ?? entry.name,
  );
  await postInfoCard(
    { kind: "threshold", threshold: { mode: summary.mode, thresholds: summary.thresholds, entries } },
    { summary: [title, ...lines] },
  );
}
