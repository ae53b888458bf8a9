/**
 * The morale cards (RULES §5): a morale test's and a rally's, with the roller's button that draws
 * on the panic table after a failure (the drawer's own d10; the card's key, the draw, is written on
 * the actor first, src/actions/morale.ts `drawPanic`; *Détruite* then defeats the unit's
 * combatants and its actor, D-45); a fear test's; and the morale prompt
 * (D-16), whose button is its actor's owner's own morale test, run on their own client with its
 * dialog (shift-click skips it), opened in the window the prompt was clicked in.
 */
import { ProfileTest } from "../../dice/profile-test";
import { facesOf, rollFrom } from "../../dice/shape";
import { PANIC_OUTCOMES, type PanicOutcome } from "../../rules/morale";
import { isRecord } from "../../rules/records";
import { cardRecord } from "../../data/card-keys";
import { drawPanic, setMoraleState } from "../../actions/morale";
import { PANIC_RESULTS } from "../../config/config";
import { subjectOf } from "../../actions/common";
import { defeatActor } from "../../combat/defeat";
import {
  mayAct,
  OK,
  refuse,
  rollerRequest,
  writesCardAndActor,
  type CardRequest,
  type CardResult,
  type Someone,
} from "../authority";
import { i18n, infoCard, namedActor, rollKind, type CardKind, type OwnAction, type WriterAction } from "./kind";
import { showSenderDice } from "./kind";

function isPanicOutcome(value: unknown): value is PanicOutcome {
  return PANIC_OUTCOMES.some((outcome) => outcome === value);
}

/** The draw a card's key recorded on its actor (`flags.tactica.cards.<id>.panic`), or null when unreadable. */
function recordedDraw(value: unknown): { outcome: PanicOutcome; face: number; die: number | null } | null {
  const { outcome, face, die } = isRecord(value) ? value : {};
  if (!isPanicOutcome(outcome) || typeof face !== "number") return null;
  return { outcome, face, die: typeof die === "number" ? die : null };
}

/** D-45: what *Détruite* does beyond the actor's own write — the unit defeated (src/combat/defeat.ts). */
async function afterDraw(actor: Actor.Implementation, outcome: PanicOutcome): Promise<void> {
  if (outcome === "destroyed") await defeatActor(actor);
}

/** The status a draw leaves on its actor: its condition (D-41), or core's DEFEATED after *Détruite* (D-45). */
function drawnStatus(outcome: PanicOutcome): string {
  return PANIC_RESULTS[outcome].status ?? CONFIG.specialStatusEffects.DEFEATED;
}

/**
 * D-41: a draw whose key was written but whose condition's creation failed (refused by a hook, a
 * lost request) is repaired with the condition as the sheet sets it (src/actions/morale-state.ts),
 * only when missing: the condition IS the morale state, so card and token agree again.
 */
async function repairDraw(actor: Actor.Implementation, outcome: PanicOutcome): Promise<void> {
  const status = PANIC_RESULTS[outcome].status;
  if (status && !actor.statuses.has(status)) await setMoraleState(actor, status);
  await afterDraw(actor, outcome);
}

/** The card's record of a draw: its result, the total read and the natural die (ux m1). */
function drawnCard(draw: { outcome: PanicOutcome; face: number; die: number | null }) {
  return { followUpDone: true, panic: draw.outcome, panicFace: draw.face, panicDie: draw.die };
}

/**
 * RULES §5: draws on the panic table with the sender's d10 after a failed morale test or rally (+1
 * after a rally). The actor's one write (the key with the draw, src/actions/morale.ts `drawPanic`),
 * then a destroyed unit's combatants and DEFEATED status, then the card. The card is marked drawn
 * only once the draw's status is on the actor: a creation that failed leaves the button, and "try
 * again". Drawn already (the key is there): nothing is drawn again; a card that missed the draw is
 * repaired, with the condition or the defeat it lacks, each written only when missing.
 */
async function rollPanic(request: CardRequest, sender: Someone): Promise<CardResult> {
  const { found, actor, error } = rollerRequest(request, sender);
  if (error) return error;
  const { message, card } = found;
  const roll = message.lastRoll;
  if (
    !(roll instanceof ProfileTest) ||
    roll.isSuccess ||
    (roll.purpose !== "morale" && roll.purpose !== "rally") ||
    !message.id
  )
    return refuse("TACTICA.Chat.invalid");
  const drawn = cardRecord(actor, message.id).panic;
  if (drawn) {
    const draw = recordedDraw(drawn);
    if (card.followUpDone || !draw) return refuse("TACTICA.Chat.alreadyApplied");
    await repairDraw(actor, draw.outcome);
    if (!actor.statuses.has(drawnStatus(draw.outcome))) return refuse("TACTICA.Chat.failed");
    await message.update({ system: drawnCard(draw) });
    return refuse("TACTICA.Chat.alreadyApplied");
  }
  const faces = facesOf(rollFrom(request.roll, foundry.dice.Roll), [{ count: 1, faces: 10 }]);
  if (!faces) return refuse("TACTICA.Chat.badDice");
  showSenderDice(request);
  const panic = await drawPanic(actor, roll.purpose === "rally", faces[0]![0]!, message.id);
  await afterDraw(actor, panic.outcome);
  if (!actor.statuses.has(drawnStatus(panic.outcome))) return refuse("TACTICA.Chat.failed");
  await message.update({ system: { ...drawnCard(panic), notes: [...card.notes, ...panic.notes] } });
  return OK;
}

const ROLL_PANIC: WriterAction = {
  side: "roller",
  onRollCard: true,
  untilDone: true,
  dice: () => new foundry.dice.Roll("1d10"),
  run: rollPanic,
  local: writesCardAndActor,
};

/** RULES §5: a morale test's card. */
export const MORALE = rollKind({ rollPanic: ROLL_PANIC });

/** RULES §5 (D-19): a rally's card; its half AC is its duration on a timeline (RULES §7.1). */
export const RALLY = {
  ...rollKind({ rollPanic: ROLL_PANIC }),
  price: (found, actor) => {
    const ac = actor.model?.profile.ac.total;
    const roll = found.message.lastRoll;
    return roll instanceof ProfileTest && roll.purpose === "rally" && typeof ac === "number"
      ? { kind: "rally", ac }
      : null;
  },
} satisfies CardKind;

/** RULES §5 (D-16): the prompt's button — the actor's morale test, by one of its owners, on their own client. */
const MORALE_TEST: OwnAction = {
  side: "self",
  run: async (found, where) => {
    const actor = mayAct(game.user, "self", found) ? namedActor(found) : null;
    if (!actor) return refuse("TACTICA.Chat.notAllowed");
    const posted = await actor.moraleTest({ fastForward: where.fastForward ?? false, opener: where.opener });
    return posted ? OK : { ok: false };
  },
};

/** RULES §5 (D-16): the prompt, with its button for the actor's owners (a prompt names only its author's actor). */
export const MORALE_PROMPT = {
  actions: { moraleTest: MORALE_TEST },
  render: (found, view) => {
    const actor = namedActor(found);
    const reason = i18n().format("TACTICA.Chat.morale.halfLost", { name: actor.name });
    const unshakeable = found.card.unshakeable;
    return infoCard("moralePrompt", {
      kindLabel: "TACTICA.Chat.card.moralePrompt",
      subject: subjectOf(actor),
      tone: unshakeable ? "success" : "failure",
      // Stryker disable next-line StringLiteral: equivalent, a header shows an icon only for a card without subject
      icon: "fa-solid fa-flag",
      result: i18n().localize(unshakeable ? "TACTICA.Chat.morale.unshakeableResult" : "TACTICA.Chat.morale.required"),
      details: unshakeable ? [reason, i18n().localize("TACTICA.Chat.morale.passes")] : [reason],
      canTest: !unshakeable && mayAct(view.user, MORALE_TEST.side, found),
    });
  },
} satisfies CardKind;
