/**
 * RULES §5: morale tests, rally, fear tests and the panic table. Every CO test uses the highest
 * CO of a unit (D-17); the dialog offers the CO modifiers as toggles; *inébranlable* figures and
 * fear-causers are told they are immune. D-41: the morale state IS the panic condition (a status
 * effect, ./morale-state.ts): a draw or a rally changes the condition, each document written once
 * (M16). D-45: *Détruite* removes the rest of the unit in the draw's own write. D-44: the
 * once-per-activation fear test limits the charger only. D-48: a rally is the activation's first
 * action, in both clocks.
 */
import { ProfileTest, type CoToggles, type ProfileChoice, type ProfileTestOptions } from "../dice/profile-test";
import { UnitModel } from "../data/actor/unit";
import { isMoraleState } from "../data/fields";

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
import { actedThisActivation, activationMark, FEAR_FLAG, RALLY_FLAG } from "./activation";
import { applySwap, moraleSwap, PANIC_STATUSES, setMoraleState } from "./morale-state";
import { coFor } from "./profile";
import { costFlags } from "./psy";
import { recordChange } from "../data/card-keys";
import { isRecord } from "../rules/records";
import { natural10Fails } from "../config/settings";

export { PANIC_STATUSES, setMoraleState };

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
 * RULES §5 (D-19, D-42, D-48): rally — once per activation, as its first action, costing half the
 * AC (rounded down). Success removes the panic conditions and leaves half the AC to use; failure
 * offers the panic table (+1). "First action" means nothing done yet in the activation, in both
 * clocks: no move or attack made, no power cast or maintained (the activation's marks) and, in
 * *tours* mode, no AC spent. In *tours* mode the AC are spent; on a timeline the half AC is the
 * action's duration; outside combat nothing limits it. The attempt is recorded on the actor in the
 * same write as its AC, so a rally that cost nothing (AC 0 or 1) is still the only one of its
 * activation (C2); a success then deletes the conditions in one request (M16: each document once).
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
  if ((budget.clock === "tours" && budget.spent > 0) || (budget.clock !== "none" && actedThisActivation(actor)))
    return refused("TACTICA.Chat.morale.rallyFirst", { name: actor.name });
  const ac = model.profile.ac.total;
  const posted = await coTest(actor, "rally", defaultToggles(actor), options, { acSpent: rallyCost(ac) });
  if (!posted) return null;
  const spent = posted.roll.isSuccess ? ac - rallyActions(ac) : rallyCost(ac);
  const update = {
    ...(budget.clock === "tours" ? { system: { actions: { spent } } } : {}),
    ...(budget.clock !== "none" ? { flags: { tactica: { [RALLY_FLAG]: true } } } : {}),
  };
  const swap = posted.roll.isSuccess ? moraleSwap(actor, "steady") : { effects: [], create: false, remove: [] };
  await applySwap(actor, "steady", swap, update);
  return posted.message;
}

/**
 * RULES §5: a fear test against an enemy of PEUR `fear`. Fear-causers and *inébranlable* figures
 * are told they are immune; a level already passed needs no test. A pass records the level; a
 * failed charge is called off; when charged, the card reports the failure only (D-21). D-44: the
 * seed's « un test par unité et par activation » limits the CHARGER — one test per activation of
 * the charging unit; a charged unit tests at each charge (a stronger enemy's, in a later enemy
 * activation, too).
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
  const marks = o.charging && acBudget(actor).clock !== "none";
  if (marks && activationMark(actor, FEAR_FLAG))
    return refused("TACTICA.Chat.fear.oncePerActivation", { name: actor.name });
  // A failed test's note (D-21) is part of the card's creation: one write of the message.
  const failedNote = o.charging ? "TACTICA.Chat.fear.chargeCalledOff" : "TACTICA.Chat.fear.chargedFailed";
  const posted = await coTest(actor, "fear", { ...defaultToggles(actor), fear: o.fear }, options, {}, (roll) =>
    roll.isSuccess ? {} : { notes: [failedNote] },
  );
  if (!posted) return null;
  // D-44: a charging test is recorded in the actor's one write (in combat only).
  const record = marks ? { flags: { tactica: { [FEAR_FLAG]: true } } } : {};
  const passed = posted.roll.isSuccess
    ? { system: { morale: { fearPassed: Math.max(model.morale.fearPassed, o.fear) } } }
    : {};
  if (marks || posted.roll.isSuccess) await actor.update({ ...passed, ...record });
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

/** What a panic draw recorded: the outcome, the natural d10 and the total read on the table. */
export interface PanicDraw {
  outcome: PanicOutcome;
  /** the natural d10 */
  die: number;
  /** the total read on the table (the die, +1 after a failed rally, at most 10) */
  face: number;
  notes: string[];
}

/**
 * D-45: what *Détruite* changes on the actor — the rest of the unit removed as casualties (its
 * figures 0), a character removed (PV 0); recorded as tested (no morale prompt for a unit that is
 * gone) and its maintained powers ended (D-15), in the same write, not in a second one.
 */
function destroyedChange(actor: Actor.Implementation): Actor.UpdateData {
  const model = actor.system;
  const ends = (m: { psyker: { maintained: readonly unknown[] } }) =>
    m.psyker.maintained.length ? { psyker: { maintained: [] } } : {};
  if (model instanceof UnitModel)
    return { system: { strength: { current: 0 }, morale: { moraleTested: true }, ...ends(model) } };
  if (model instanceof CharacterModel) return { system: { profile: { pv: { value: 0 } }, ...ends(model) } };
  return {};
}

/**
 * RULES §5 (D-18, D-41, D-45): reads the panic table for a d10 `natural` rolled by the player who
 * drew — +1 after a failed rally (clamped at 10) — from the compendium's "Table de panique" when
 * present, else by the rules. The condition set is the one of the outcome drawn, so card and token
 * always agree: it IS the morale state; *Détruite* sets none and removes the rest of the unit. ONE
 * actor write holds the card's key (`flags.tactica.cards.<messageId>.panic`, so a second draw on
 * that card is refused), the condition turned in place (./morale-state.ts) and what *Détruite*
 * removes; only a condition the actor had no panic effect to turn into is created after it. The
 * caller marks the combatant of a destroyed unit defeated (src/chat/kinds/morale.ts).
 */
export async function drawPanic(
  actor: Actor.Implementation,
  afterRally: boolean,
  natural: number,
  messageId: string,
): Promise<PanicDraw> {
  const builtIn = panicResult(natural, afterRally);
  const face = panicTotal(natural, afterRally);
  const outcome = (await tableOutcome(face)) ?? builtIn;
  const status = PANIC_RESULTS[outcome].status;
  const key = recordChange(actor, messageId, { panic: { outcome, face, die: natural } });
  if (status) await applySwap(actor, status, moraleSwap(actor, status), key);
  else await actor.update({ ...destroyedChange(actor), ...key });
  const notes = afterRally ? ["TACTICA.Chat.panic.plusOne"] : [];
  return { outcome, die: natural, face, notes };
}
