/**
 * RULES §4: casting, maintaining and cancelling psychic powers. The same power at most once per
 * activation (recorded on the card messages of this activation is not enough across clients, so
 * the caster keeps `flags.tactica.castThisActivation`, cleared when its next activation starts,
 * src/actions/activation.ts); maintained powers are recorded on the caster
 * (`system.psyker.maintained`), one maintained per activation, never in the activation of the
 * cast (C10); a neophyte choir casts by chanting (D-11, D-12) and maintains as one psyker (C11).
 * D-42: AC are spent and refused only in *tours* mode; on a timeline an AC cost is the action's
 * duration, and outside combat AC never block anything.
 */
import { PsyRoll, type PsyChoice, type PsyDialogInput, type PsyRollOptions } from "../dice/psy-roll";
import type { CardTargetSource } from "../dice/score-dialogs";
import { CharacterModel } from "../data/actor/character";
import { UnitModel } from "../data/actor/unit";
import { PowerModel } from "../data/item/power";
import { castCostAc, cancelCostAc } from "../rules/psy";
import type { TimelineCost } from "../rules/timeline";
import {
  acBudget,
  acShort,
  mayRollFor,
  postCard,
  postInfoCard,
  speakerOf,
  spendUpdate,
  subjectOf,
  type RollMethodOptions,
} from "./common";
import { refused, notifyInfo } from "../utils/notify";
import { activationList, CAST_FLAG, MAINTAIN_FLAG } from "./activation";

/** The targeted tokens of the current user, as card rows. */
export function targetRows(): CardTargetSource[] {
  return [...(game.user?.targets ?? [])]
    .filter((t) => t.actor)
    .map((t) => ({
      actorUuid: t.actor!.uuid,
      tokenUuid: t.document?.uuid ?? "",
      name: t.document?.name ?? t.actor!.name,
    }));
}

/**
 * D-12, C12: the neophytes who chant by default — every figure of the unit, or the number the GM
 * set on the sheet (`choir.chanting`) when fewer chant; at least 1 (the one who rolls).
 */
export function defaultChanters(unit: UnitModel): number {
  const figures = unit.strength.current;
  const set = unit.choir.chanting;
  return Math.max(1, set > 0 ? Math.min(set, figures) : figures);
}

/** `flags.tactica.<key>` with `id` added, as an update (only inside a combat: an activation exists). */
function recordOnce(
  actor: Actor.Implementation,
  key: typeof CAST_FLAG | typeof MAINTAIN_FLAG,
  id: string,
  replace = false,
): Actor.UpdateData {
  if (acBudget(actor).clock === "none") return {};
  const ids = replace ? [id] : [...activationList(actor, key), id];
  return { flags: { tactica: key === CAST_FLAG ? { [CAST_FLAG]: ids } : { [MAINTAIN_FLAG]: ids } } };
}

/** The parts of a cast the dialog's answer decides: its roll options and what it costs (RULES §4, §7.1). */
function castParts(actor: Actor.Implementation, name: string, power: PowerModel) {
  const system = actor.system;
  const mastery = system instanceof CharacterModel ? system.psyker.mastery : 0;
  const cost = power.cost;
  return {
    mastery,
    options: (choice: PsyChoice): PsyRollOptions => ({
      mode: "cast",
      level: power.level,
      mastery,
      ...choice,
      cost,
      resist: power.resist || null,
      subject: subjectOf(actor),
      title: name,
    }),
    spent: (choice: PsyChoice) => castCostAc(cost, choice.concentration),
    flags: (choice: PsyChoice) => costFlags({ kind: "power", useCost: cost, concentration: choice.concentration }),
  };
}

/**
 * RULES §4: casts a power (refused when already cast this activation or, in *tours* mode, when the AC do not allow).
 * The cast dialog (its roll class's) opens in the pipeline, after `tactica.preRoll`, unless fast-forwarded.
 */
export async function castPower(
  actor: Actor.Implementation,
  itemId: string,
  options: RollMethodOptions & Partial<PsyChoice> = {},
): Promise<ChatMessage.Implementation | null> {
  if (!mayRollFor(actor)) return null;
  const power = actor.items.get(itemId);
  if (!power || !(power.system instanceof PowerModel)) return refused("TACTICA.Chat.refused.noItem");
  const budget = acBudget(actor);
  if (budget.clock !== "none" && activationList(actor, CAST_FLAG).includes(itemId))
    return refused("TACTICA.Chat.psy.alreadyCast", { name: power.name });
  const system = actor.system;
  const choir = system instanceof UnitModel ? system : null;
  const parts = castParts(actor, power.name, power.system);
  const choice: PsyChoice = {
    concentration: options.concentration ?? false,
    chanters: options.chanters ?? (choir ? defaultChanters(choir) : 0),
    modifier: options.modifier ?? 0,
  };
  let spent = parts.spent(choice);
  // Fast-forwarded, the cast is the one asked for; otherwise the dialog's answer is checked as it comes.
  if (options.fastForward && acShort(actor, spent) === null) return null;
  const input: PsyDialogInput = {
    name: power.name,
    level: power.system.level,
    mastery: parts.mastery,
    canConcentrate: !choir && budget.remaining >= power.system.cost + 1,
    isChoir: !!choir,
    chanters: choice.chanters,
  };
  const posted = await postCard(
    actor,
    {
      rollClass: PsyRoll,
      formula: "1d10",
      options: parts.options(choice),
      fastForward: options.fastForward ?? false,
      messageData: parts.flags(choice),
      dialog: {
        open: PsyRoll.DIALOG,
        input,
        opener: options.opener,
        apply: (answer, config) => {
          spent = parts.spent(answer);
          if (acShort(actor, spent) === null) return false;
          config.options = parts.options(answer);
          config.messageData = { ...config.messageData, ...parts.flags(answer) };
          return true;
        },
      },
    },
    { kind: "psy", itemUuid: power.uuid, targets: targetRows() },
    () => ({ acSpent: spent }),
  );
  if (!posted) return null;
  const update = castUpdate(actor, itemId, spent, posted.roll.isSuccess && power.system.maintainable);
  if (Object.keys(update).length) await actor.update(update);
  return posted.message;
}

/** RULES §4: the ONE actor write of a cast — the AC (tours), the once-per-activation record, what it now maintains. */
function castUpdate(actor: Actor.Implementation, itemId: string, spent: number, maintains: boolean): Actor.UpdateData {
  const update: Actor.UpdateData = { ...spendUpdate(actor, spent), ...recordOnce(actor, CAST_FLAG, itemId) };
  const model = actor.system instanceof CharacterModel || actor.system instanceof UnitModel ? actor.system : null;
  if (maintains && model) {
    const maintained = [
      ...model.psyker.maintained.filter((m) => m.powerId !== itemId),
      { powerId: itemId, sinceRound: game.combat?.round ?? null },
    ];
    update.system = { ...(update.system ?? {}), psyker: { maintained } };
  }
  return update;
}

/**
 * RULES §4 (D-13): maintains one power this activation, paying its maintenance cost — never in the
 * activation it was cast in (seed 003 « lors de n'importe quel tour suivant le tour de
 * lancement », C10). A choir maintains as one psyker (C11). It takes the roll methods' options as
 * every roll method does, and needs none of them: a maintenance opens no dialog and rolls nothing.
 */
export async function maintainPower(
  actor: Actor.Implementation,
  itemId: string,
  _options: RollMethodOptions = {},
): Promise<ChatMessage.Implementation | null> {
  if (!mayRollFor(actor)) return null;
  const system = actor.system;
  const power = actor.items.get(itemId);
  const model = system instanceof CharacterModel || system instanceof UnitModel ? system : null;
  if (!model || !power || !(power.system instanceof PowerModel) || power.system.maintenance === null) {
    return refused("TACTICA.Chat.psy.notMaintainable");
  }
  if (!model.psyker.maintained.some((m) => m.powerId === itemId)) return refused("TACTICA.Chat.psy.notMaintainable");
  if (acBudget(actor).clock !== "none") {
    if (activationList(actor, CAST_FLAG).includes(itemId))
      return refused("TACTICA.Chat.psy.castThisActivation", { name: actor.name, power: power.name });
    if (activationList(actor, MAINTAIN_FLAG).length > 0)
      return refused("TACTICA.Chat.psy.oneMaintain", { name: actor.name });
  }
  const cost = power.system.maintenance;
  if (acShort(actor, cost) === null) return null;
  const update = { ...spendUpdate(actor, cost), ...recordOnce(actor, MAINTAIN_FLAG, itemId, true) };
  if (Object.keys(update).length) await actor.update(update);
  return postMaintainCard(actor, power, cost);
}

/** The small card of a maintenance (RULES §4): what is maintained, the AC spent, its timeline cost. */
async function postMaintainCard(
  actor: Actor.Implementation,
  power: { uuid: string; name: string },
  cost: number,
): Promise<ChatMessage.Implementation | null> {
  const timelineCost: TimelineCost = { kind: "maintain", maintenanceCost: cost };
  const summary =
    game.i18n?.format("TACTICA.Chat.psy.maintained", { name: actor.name, power: power.name }) ?? power.name;
  return postInfoCard(
    { kind: "maintain", actorUuid: actor.uuid, itemUuid: power.uuid, acSpent: cost, label: power.name },
    { summary: [summary], speaker: speakerOf(actor), ...costFlags(timelineCost) },
  );
}

/**
 * `flags.tactica.timelineCost` of a card that spends AC: what the card says it cost, for display
 * and for modules. The End-action dialog never trusts it: it prices the
 * card again from the stored documents (src/applications/combat/end-action.ts).
 */
export function costFlags(timelineCost: TimelineCost): { flags: { tactica: { timelineCost: TimelineCost } } } {
  return { flags: { tactica: { timelineCost } } };
}

/**
 * RULES §4 (D-14): tries to cancel an effect in play of `level` (3 AC, mastery never counts).
 * Concentration needs one more AC: in *tours* mode, when only the 3 AC remain, the cancel goes
 * ahead without it and says so (C14).
 */
export async function cancelPower(
  actor: Actor.Implementation,
  o: { level: number; concentration?: boolean; modifier?: number },
  options: RollMethodOptions = {},
): Promise<ChatMessage.Implementation | null> {
  if (!mayRollFor(actor)) return null;
  const system = actor.system;
  if (!(system instanceof CharacterModel)) return null;
  const budget = acBudget(actor);
  const wanted = o.concentration ?? false;
  const concentration = wanted && budget.remaining >= cancelCostAc(true);
  const spent = cancelCostAc(concentration);
  if (acShort(actor, spent) === null) return null;
  const dropped = wanted && !concentration;
  if (dropped)
    notifyInfo("TACTICA.Chat.psy.noConcentration", { name: actor.name, remaining: String(budget.remaining) });
  const rollOptions: PsyRollOptions = {
    mode: "cancel",
    level: o.level,
    concentration,
    modifier: o.modifier ?? 0,
    subject: subjectOf(actor),
  };
  const timelineCost: TimelineCost = { kind: "cancel", concentration };
  const notes = dropped ? ["TACTICA.Chat.psy.concentrationDropped"] : [];
  const posted = await postCard(
    actor,
    {
      rollClass: PsyRoll,
      formula: "1d10",
      options: rollOptions,
      fastForward: options.fastForward ?? true,
      messageData: costFlags(timelineCost),
    },
    { kind: "cancel", acSpent: spent, notes },
  );
  if (!posted) return null;
  const update = spendUpdate(actor, spent);
  if (Object.keys(update).length) await actor.update(update);
  return posted.message;
}
