/**
 * RULES §4: casting, maintaining and cancelling psychic powers. The same power at most once per
 * activation (recorded on the card messages of this activation is not enough across clients, so
 * the caster keeps `flags.tactica.castThisActivation`, cleared at `tactica.activationStart`);
 * maintained powers are recorded on the caster (`system.psyker.maintained`), one maintained per
 * activation; a psyker's death ends what it maintains (D-15).
 */
import { PsyRoll, type PsyRollOptions } from "../dice/psy-roll";
import { CharacterModel } from "../data/actor/character";
import { UnitModel } from "../data/actor/unit";
import { PowerModel } from "../data/item/power";
import { castCostAc, cancelCostAc } from "../rules/psy";
import type { TimelineCost } from "../rules/timeline";
import type { TacticaActor } from "../documents/actor";
import type { TacticaChatMessage } from "../documents/chat-message";
import { mayRollFor, postCard, postInfoCard, refused, speakerOf, subjectOf, type CardTargetSource, type RollMethodOptions, inCombat } from "./common";
import { psyDialog } from "../applications/dialogs/psy-dialog";

/** The once-per-activation fear record (RULES §5), cleared here with the psy records. */
const FEAR_FLAG = "fearTestedThisActivation";
const CAST_FLAG = "castThisActivation";
const MAINTAIN_FLAG = "maintainedThisActivation";

function flagList(actor: TacticaActor, key: string): string[] {
  const value = (actor.flags as { tactica?: Record<string, unknown> }).tactica?.[key];
  return Array.isArray(value) ? value.map(String) : [];
}

/** The targeted tokens of the current user, as card rows. */
export function targetRows(): CardTargetSource[] {
  const targets = (game.user?.targets ?? new Set()) as Iterable<{ actor?: { uuid: string; name: string } | null; document?: { uuid: string; name: string } }>;
  return [...targets].filter((t) => t.actor).map((t) => ({ actorUuid: t.actor!.uuid, tokenUuid: t.document?.uuid ?? "", name: t.document?.name ?? t.actor!.name }));
}

/** RULES §4: casts a power (refused when already cast this activation or the AC do not allow). */
export async function castPower(actor: TacticaActor, itemId: string, options: RollMethodOptions & { concentration?: boolean; chanters?: number; modifier?: number } = {}): Promise<TacticaChatMessage | null> {
  if (!mayRollFor(actor)) return null;
  const power = actor.items.get(itemId);
  if (!power || !(power.system instanceof PowerModel)) return refused("TACTICA.Chat.refused.noItem");
  if (inCombat() && flagList(actor, CAST_FLAG).includes(itemId)) return refused("TACTICA.Chat.psy.alreadyCast", { name: power.name });
  const system = actor.system;
  const isChoir = system instanceof UnitModel;
  const remaining = system instanceof CharacterModel || system instanceof UnitModel ? system.actions.remaining : 0;
  const cost = power.system.cost;
  let choice = { concentration: options.concentration ?? false, chanters: options.chanters ?? (isChoir ? Math.max(1, (system as UnitModel).choir.chanting) : 0), modifier: options.modifier ?? 0 };
  const mastery = system instanceof CharacterModel ? system.psyker.mastery : 0;
  if (!options.fastForward) {
    const picked = await psyDialog({ name: power.name, level: power.system.level, mastery, canConcentrate: !isChoir && remaining >= cost + 1, isChoir, chanters: choice.chanters }, options.opener);
    if (!picked) return null;
    choice = picked;
  }
  const spent = castCostAc(cost, choice.concentration);
  if (spent > remaining) return refused("TACTICA.Errors.Actions.NotEnough", { name: actor.name, needed: spent, remaining });
  const rollOptions: PsyRollOptions = { mode: "cast", level: power.system.level, mastery, ...choice, cost, resist: power.system.resist || null, subject: subjectOf(actor), title: power.name };
  const timelineCost: TimelineCost = { kind: "power", useCost: cost, concentration: choice.concentration };
  const posted = await postCard(actor, { rollClass: PsyRoll, formula: "1d10", options: rollOptions, fastForward: true, messageData: costFlags(timelineCost) }, { kind: "psy", itemUuid: power.uuid, targets: targetRows(), acSpent: spent });
  if (!posted) return null;
  const update: Record<string, unknown> = { system: { actions: { spent: (system as CharacterModel).actions.spent + spent } }, ...(inCombat() ? { flags: { tactica: { [CAST_FLAG]: [...flagList(actor, CAST_FLAG), itemId] } } } : {}) };
  if (posted.roll.isSuccess && power.system.maintainable && system instanceof CharacterModel) {
    (update.system as Record<string, unknown>).psyker = { maintained: [...system.psyker.maintained.filter((m) => m.powerId !== itemId), { powerId: itemId, sinceRound: game.combat?.round ?? null }] };
  }
  await actor.update(update as never);
  return posted.message;
}

/** RULES §4 (D-13): maintains one power this activation, paying its maintenance cost. */
export async function maintainPower(actor: TacticaActor, itemId: string): Promise<TacticaChatMessage | null> {
  if (!mayRollFor(actor)) return null;
  const system = actor.system;
  const power = actor.items.get(itemId);
  if (!(system instanceof CharacterModel) || !power || !(power.system instanceof PowerModel) || power.system.maintenance === null) {
    return refused("TACTICA.Chat.psy.notMaintainable");
  }
  if (!system.psyker.maintained.some((m) => m.powerId === itemId)) return refused("TACTICA.Chat.psy.notMaintainable");
  if (inCombat() && flagList(actor, MAINTAIN_FLAG).length > 0) return refused("TACTICA.Chat.psy.oneMaintain", { name: actor.name });
  const cost = power.system.maintenance;
  if (cost > system.actions.remaining) return refused("TACTICA.Errors.Actions.NotEnough", { name: actor.name, needed: cost, remaining: system.actions.remaining });
  await actor.update({ system: { actions: { spent: system.actions.spent + cost } }, ...(inCombat() ? { flags: { tactica: { [MAINTAIN_FLAG]: [itemId] } } } : {}) } as never);
  return postMaintainCard(actor, power, cost);
}

/** The small card of a maintenance (RULES §4): what is maintained, the AC spent, its timeline cost. */
async function postMaintainCard(actor: TacticaActor, power: { uuid: string; name: string }, cost: number): Promise<TacticaChatMessage | null> {
  const timelineCost: TimelineCost = { kind: "maintain", maintenanceCost: cost };
  const summary = game.i18n?.format("TACTICA.Chat.psy.maintained", { name: actor.name, power: power.name }) ?? power.name;
  return postInfoCard({ kind: "maintain", actorUuid: actor.uuid, itemUuid: power.uuid, acSpent: cost, label: power.name }, { summary: [summary], speaker: speakerOf(actor), ...costFlags(timelineCost) });
}

/** `flags.tactica.timelineCost` of a card that spends AC (the End-action dialog proposes it, RULES §7.1). */
export function costFlags(timelineCost: TimelineCost): { flags: { tactica: { timelineCost: TimelineCost } } } {
  return { flags: { tactica: { timelineCost } } };
}

/**
 * D-13: the maintained powers that end with this activation — every one neither maintained nor
 * cast during it. Null when nothing ends.
 */
export function unmaintainedUpdate(actor: TacticaActor): Record<string, unknown> | null {
  const system = actor.system;
  if (!(system instanceof CharacterModel) || system.psyker.maintained.length === 0) return null;
  const kept = new Set([...flagList(actor, MAINTAIN_FLAG), ...flagList(actor, CAST_FLAG)]);
  const maintained = system.psyker.maintained.filter((m) => kept.has(m.powerId));
  if (maintained.length === system.psyker.maintained.length) return null;
  return { system: { psyker: { maintained: maintained.map((m) => ({ powerId: m.powerId, sinceRound: m.sinceRound })) } } };
}

/** RULES §4 (D-14): tries to cancel an effect in play of `level` (3 AC, mastery never counts). */
export async function cancelPower(actor: TacticaActor, o: { level: number; concentration?: boolean; modifier?: number }, options: RollMethodOptions = {}): Promise<TacticaChatMessage | null> {
  if (!mayRollFor(actor)) return null;
  const system = actor.system;
  if (!(system instanceof CharacterModel)) return null;
  const concentration = (o.concentration ?? false) && system.actions.remaining >= cancelCostAc(true);
  const spent = cancelCostAc(concentration);
  if (spent > system.actions.remaining) return refused("TACTICA.Errors.Actions.NotEnough", { name: actor.name, needed: spent, remaining: system.actions.remaining });
  const rollOptions: PsyRollOptions = { mode: "cancel", level: o.level, concentration, modifier: o.modifier ?? 0, subject: subjectOf(actor) };
  const timelineCost: TimelineCost = { kind: "cancel", concentration };
  const posted = await postCard(actor, { rollClass: PsyRoll, formula: "1d10", options: rollOptions, fastForward: options.fastForward ?? true, messageData: costFlags(timelineCost) }, { kind: "cancel", acSpent: spent });
  if (!posted) return null;
  await actor.update({ system: { actions: { spent: system.actions.spent + spent } } } as never);
  return posted.message;
}

/** D-15: a psyker killed (PV 0) ends every power it maintains, in the same kind of one write. */
export function endMaintainedOnDeath(actor: TacticaActor): Record<string, unknown> | null {
  const system = actor.system;
  if (!(system instanceof CharacterModel) || system.profile.pv.value > 0 || system.psyker.maintained.length === 0) return null;
  return { system: { psyker: { maintained: [] } } };
}

/**
 * Clears the once-per-activation records of a combatant's actor at its activation's start, ends
 * the powers it did not maintain at its end (D-13), and what a dead psyker maintained (D-15);
 * active GM only, one update each.
 */
export function registerPsyActivation(): void {
  const hooks = Hooks as unknown as { on(name: string, fn: (...args: unknown[]) => unknown): number };
  hooks.on("tactica.activationStart", (_combat, combatant) => {
    const actor = (combatant as { actor?: TacticaActor | null } | null)?.actor;
    if (!game.user?.isActiveGM || !actor) return;
    const fearTested = (actor.flags as { tactica?: Record<string, unknown> }).tactica?.[FEAR_FLAG] === true;
    if (flagList(actor, CAST_FLAG).length || flagList(actor, MAINTAIN_FLAG).length || fearTested) {
      void actor.update({ flags: { tactica: { [CAST_FLAG]: [], [MAINTAIN_FLAG]: [], [FEAR_FLAG]: false } } } as never);
    }
  });
  hooks.on("tactica.activationEnd", (_combat, combatant) => {
    const actor = (combatant as { actor?: TacticaActor | null } | null)?.actor;
    const update = game.user?.isActiveGM && actor ? unmaintainedUpdate(actor) : null;
    if (actor && update) void actor.update(update as never);
  });
  hooks.on("updateActor", (actor) => {
    const a = actor as TacticaActor;
    const update = game.user?.isActiveGM ? endMaintainedOnDeath(a) : null;
    if (update) void a.update(update as never);
  });
}
