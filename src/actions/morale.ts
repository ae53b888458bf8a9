/**
 * RULES §5: morale tests, rally, fear tests and the panic table. Every CO test uses the highest
 * CO of a unit (D-17); the dialog offers the CO modifiers as toggles; *inébranlable* figures and
 * fear-causers are told they are immune. D-41: the morale state IS the panic condition (a status
 * effect): a draw or a rally changes the condition, nothing else.
 */
import { ProfileTest, type CoToggles, type ProfileChoice, type ProfileTestOptions } from "../dice/profile-test";
import { UnitModel } from "../data/actor/unit";
import { isMoraleState, type MoraleState } from "../data/fields";

export { isMoraleState };
import { CharacterModel } from "../data/actor/character";
import { PANIC_RESULTS } from "../config/config";
import {
  needsFearTest,
  panicResult,
  panicTotal,
  PANIC_OUTCOMES,
  rallyActions,
  rallyCost,
  type PanicOutcome,
} from "../rules/morale";
import { isOneOf, type ProfileKey } from "../rules/keys";
import { acBudget, mayRollFor, postCard, subjectOf, type RollMethodOptions } from "./common";
import { refused, notifyInfo } from "../utils/notify";
import { activationMark, FEAR_FLAG, RALLY_FLAG } from "./activation";
import { coFor } from "./profile";
import { costFlags } from "./psy";
import { recordChange } from "../data/card-keys";
import { isRecord } from "../rules/records";
import { natural10Fails } from "../config/settings";

/** The panic conditions (RULES §5, D-18): a rally removes them; a panic draw sets one at a time. */
export const PANIC_STATUSES = ["panicked", "retreating", "terrified"] as const;

interface MoraleView {
  profile: Record<ProfileKey, { value: number; total: number }>;
  morale: { state: string; fearPassed: number; unshakeable: boolean; moraleTested: boolean };
  actions: { spent: number; remaining: number };
}

function moraleOf(actor: Actor.Implementation): MoraleView | null {
  const system = actor.system;
  return system instanceof CharacterModel || system instanceof UnitModel ? system : null;
}

/** The toggles a unit's own data switches on by default (banner, general). */
function defaultToggles(actor: Actor.Implementation): CoToggles {
  const system = actor.system;
  return system instanceof UnitModel ? { banner: system.banner, general: system.general } : {};
}

/** Rolls one CO test through the pipeline (the profile dialog on CO unless fast-forwarded) and posts its card. */
async function coTest(
  actor: Actor.Implementation,
  purpose: ProfileTestOptions["purpose"],
  co: CoToggles,
  options: RollMethodOptions,
  card: { notes?: string[]; acSpent?: number | null } = {},
  cardFor?: (roll: ProfileTest) => { notes?: string[] },
) {
  const model = moraleOf(actor);
  const rollOptions = (choice: ProfileChoice): ProfileTestOptions => ({
    characteristic: "co",
    value: coFor(actor),
    purpose,
    co: choice.co ?? co,
    modifiers: choice.modifier ? [{ value: choice.modifier }] : [],
    natural10Fails: natural10Fails(),
    ac: purpose === "rally" ? (model?.profile.ac.total ?? 0) : null,
    subject: subjectOf(actor),
  });
  const kind = purpose === "rally" ? "rally" : purpose === "fear" ? "fear" : "morale";
  // RULES §7.1: a rally's half AC is its duration on a timeline.
  const messageData = purpose === "rally" ? costFlags({ kind: "rally", ac: model?.profile.ac.total ?? 0 }) : undefined;
  return postCard(
    actor,
    {
      rollClass: ProfileTest,
      formula: "1d10",
      options: rollOptions({ co, modifier: 0 }),
      fastForward: options.fastForward ?? false,
      messageData,
      dialog: {
        open: ProfileTest.DIALOG,
        input: { actor, key: "co", co },
        opener: options.opener,
        apply: (answer, config) => {
          config.options = rollOptions(answer);
          return true;
        },
      },
    },
    { kind, ...card },
    cardFor,
  );
}

/** RULES §5 (D-16): the morale test; an *inébranlable* figure passes without rolling. */
export async function moraleTest(
  actor: Actor.Implementation,
  options: RollMethodOptions = {},
): Promise<ChatMessage.Implementation | null> {
  if (!mayRollFor(actor)) return null;
  const model = moraleOf(actor);
  if (!model) return null;
  if (model.morale.unshakeable) {
    notifyInfo("TACTICA.Chat.morale.unshakeable", { name: actor.name });
    return null;
  }
  const posted = await coTest(actor, "morale", defaultToggles(actor), options);
  return posted?.message ?? null;
}

/**
 * RULES §5 (D-19, D-42): rally — once per activation, as its first action, costing half the AC
 * (rounded down). Success removes the panic conditions and leaves half the AC to use; failure
 * offers the panic table (+1). In *tours* mode the AC are spent and "first action" means none
 * spent yet; on a timeline the half AC is the action's duration; outside combat nothing limits it.
 * The attempt is recorded on the actor in the same write as its AC, so a rally that cost nothing
 * (AC 0 or 1) is still the only one of its activation (C2).
 */
export async function rally(
  actor: Actor.Implementation,
  options: RollMethodOptions = {},
): Promise<ChatMessage.Implementation | null> {
  if (!mayRollFor(actor)) return null;
  const model = moraleOf(actor);
  if (!model) return null;
  if (!PANIC_STATUSES.some((s) => actor.statuses.has(s)))
    return refused("TACTICA.Chat.morale.notPanicked", { name: actor.name });
  const budget = acBudget(actor);
  if (budget.clock !== "none" && activationMark(actor, RALLY_FLAG))
    return refused("TACTICA.Chat.morale.rallyOnce", { name: actor.name });
  if (budget.clock === "tours" && budget.spent > 0)
    return refused("TACTICA.Chat.morale.rallyFirst", { name: actor.name });
  const ac = model.profile.ac.total;
  const posted = await coTest(actor, "rally", defaultToggles(actor), options, { acSpent: rallyCost(ac) });
  if (!posted) return null;
  const spent = posted.roll.isSuccess ? ac - rallyActions(ac) : rallyCost(ac);
  const update = {
    ...(budget.clock === "tours" ? { system: { actions: { spent } } } : {}),
    ...(budget.clock !== "none" ? { flags: { tactica: { [RALLY_FLAG]: true } } } : {}),
  };
  if (Object.keys(update).length) await actor.update(update);
  if (posted.roll.isSuccess) await clearPanic(actor);
  return posted.message;
}

/** Deletes the panic conditions in one request (D-41: the morale state is calm again). */
function clearPanic(actor: Actor.Implementation): Promise<void> {
  return setMoraleState(actor, "steady");
}

function fearTestedThisActivation(actor: Actor.Implementation): boolean {
  return activationMark(actor, FEAR_FLAG);
}

/**
 * RULES §5: a fear test against an enemy of PEUR `fear`. Fear-causers and *inébranlable* figures
 * are told they are immune; a level already passed needs no test. A pass records the level; a
 * failed charge is called off; when charged, the card reports the failure only (D-21).
 */
export async function fearTest(
  actor: Actor.Implementation,
  o: { fear: number; charging: boolean },
  options: RollMethodOptions = {},
): Promise<ChatMessage.Implementation | null> {
  if (!mayRollFor(actor)) return null;
  const model = moraleOf(actor);
  if (!model) return null;
  const causesFear = model.profile.peur.value > 0;
  if (causesFear || model.morale.unshakeable) {
    notifyInfo("TACTICA.Chat.fear.immune", { name: actor.name });
    return null;
  }
  if (!needsFearTest({ fear: o.fear, highestPassed: model.morale.fearPassed, causesFear, unshakeable: false })) {
    notifyInfo("TACTICA.Chat.fear.alreadyPassed", { name: actor.name, level: o.fear });
    return null;
  }
  const inFight = acBudget(actor).clock !== "none";
  if (inFight && fearTestedThisActivation(actor))
    return refused("TACTICA.Chat.fear.oncePerActivation", { name: actor.name });
  // A failed test's note (D-21) is part of the card's creation: one write of the message.
  const failedNote = o.charging ? "TACTICA.Chat.fear.chargeCalledOff" : "TACTICA.Chat.fear.chargedFailed";
  const posted = await coTest(actor, "fear", { ...defaultToggles(actor), fear: o.fear }, options, {}, (roll) =>
    roll.isSuccess ? {} : { notes: [failedNote] },
  );
  if (!posted) return null;
  // RULES §5: one test per activation — recorded in the actor's one write (in combat only).
  const record = inFight ? { flags: { tactica: { [FEAR_FLAG]: true } } } : {};
  if (posted.roll.isSuccess) {
    await actor.update({ system: { morale: { fearPassed: Math.max(model.morale.fearPassed, o.fear) } }, ...record });
  } else if (inFight) await actor.update(record);
  return posted.message;
}

/** The compendium holding the panic table, and the table's name there (packs/_source/tables). */
export const PANIC_TABLE = { pack: "tactica.tables", name: "Table de panique" } as const;

/** The value at `path` inside `value` (undefined where a step is not an object). */
function valueAt(value: unknown, ...path: string[]): unknown {
  let node = value;
  for (const key of path) node = isRecord(node) ? node[key] : undefined;
  return node;
}

function isIterable(value: unknown): value is Iterable<unknown> {
  return typeof value === "object" && value !== null && Symbol.iterator in value;
}

/** Is `total` within a table result's `[low, high]` range (a bound that is not a number counts 0)? */
function inRange(range: unknown, total: number): boolean {
  const [low, high]: readonly unknown[] = Array.isArray(range) ? range : [];
  return (typeof low === "number" ? low : 0) <= total && total <= (typeof high === "number" ? high : 0);
}

function isPanicOutcome(value: unknown): value is PanicOutcome {
  return isOneOf(PANIC_OUTCOMES, value);
}

/**
 * The outcome the compendium's panic table gives for `total` (its result's
 * `flags.tactica.panicResult`), or null when the table, the result or the flag is missing.
 */
export async function tableOutcome(total: number): Promise<PanicOutcome | null> {
  const pack = game.packs?.get(PANIC_TABLE.pack);
  if (!pack) return null;
  try {
    // Read defensively, whatever the documents are: a table, its results, their ranges and flags.
    const tables: readonly unknown[] = await pack.getDocuments();
    const table = tables.find(
      (t) => valueAt(t, "flags", "tactica", "panicTable") === true || valueAt(t, "name") === PANIC_TABLE.name,
    );
    const results = valueAt(table, "results");
    const rows: unknown[] = isIterable(results) ? [...results] : [];
    const result = table ? rows.find((r) => inRange(valueAt(r, "range"), total)) : undefined;
    const outcome = valueAt(result, "flags", "tactica", "panicResult");
    return isPanicOutcome(outcome) ? outcome : null;
  } catch {
    // An unreadable compendium (locked, migrating): the rules' own reading stands in.
    return null;
  }
}

/**
 * RULES §5 (D-18, D-41): reads the panic table for a d10 `natural` rolled by the player who drew —
 * +1 after a failed rally (clamped at 10) — from the compendium's "Table de panique" when present,
 * else by the rules. The condition set is the one of the outcome drawn, so card and token always
 * agree: it IS the morale state. The card's key (`flags.tactica.cards.<messageId>.panic`, so a
 * second draw on that card is refused) is written first, on the actor; then the condition.
 */
export async function drawPanic(
  actor: Actor.Implementation,
  afterRally: boolean,
  natural: number,
  messageId: string,
): Promise<{ outcome: PanicOutcome; face: number; notes: string[] }> {
  const builtIn = panicResult(natural, afterRally);
  const face = panicTotal(natural, afterRally);
  const outcome = (await tableOutcome(face)) ?? builtIn;
  const status = PANIC_RESULTS[outcome].status;
  await actor.update(recordChange(actor, messageId, { panic: { outcome, face } }));
  // "Destroyed" sets no condition (the rest of the unit is removed): the morale state stays as it
  // was. Otherwise the new result replaces any earlier panic condition (a redraw after a failed rally).
  if (status) await setMoraleState(actor, status);
  const notes = afterRally ? ["TACTICA.Chat.panic.plusOne"] : [];
  return { outcome, face, notes };
}

/**
 * D-41: sets the morale state of `actor`, that is its one panic condition — the other panic
 * conditions deleted in one request, `state`'s added if missing; `steady` removes them all.
 */
export async function setMoraleState(actor: Actor.Implementation, state: MoraleState): Promise<void> {
  const others = actor.effects
    .filter((e) => PANIC_STATUSES.some((s) => s !== state && e.statuses.has(s)))
    .map((e) => e.id ?? "");
  if (others.length) await actor.deleteEmbeddedDocuments("ActiveEffect", others);
  if (state !== "steady" && !actor.statuses.has(state)) await actor.toggleStatusEffect(state, { active: true });
}
