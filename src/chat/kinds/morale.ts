/**
 * The morale cards (RULES §5): a morale test's and a rally's, with the roller's button that draws
 * on the panic table after a failure (the drawer's own d10; the card's key, the draw, is written on
 * the actor first, src/actions/morale.ts `drawPanic`); a fear test's; and the morale prompt
 * (D-16), whose button is its actor's owner's own morale test, run on their own client with its
 * dialog (shift-click skips it), opened in the window the prompt was clicked in.
 */
import { ProfileTest } from "../../dice/profile-test";
import { facesOf, rollFrom } from "../../dice/shape";
import { PANIC_OUTCOMES, type PanicOutcome } from "../../rules/morale";
import { isRecord } from "../../rules/records";
import { cardRecord } from "../../data/card-keys";
import { drawPanic } from "../../actions/morale";
import { subjectOf } from "../../actions/common";
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

function isPanicOutcome(value: unknown): value is PanicOutcome {
  return PANIC_OUTCOMES.some((outcome) => outcome === value);
}

/** RULES §5: draws on the panic table with the sender's d10 after a failed morale test or rally (+1 after a rally). */
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
    // Drawn already: repair the card if it missed the draw, apply nothing.
    const { outcome, face } = isRecord(drawn) ? drawn : {};
    if (!card.followUpDone && isPanicOutcome(outcome) && typeof face === "number") {
      await message.update({ system: { followUpDone: true, panic: outcome, panicFace: face } });
    }
    return refuse("TACTICA.Chat.alreadyApplied");
  }
  const faces = facesOf(rollFrom(request.roll, foundry.dice.Roll), [{ count: 1, faces: 10 }]);
  if (!faces) return refuse("TACTICA.Chat.badDice");
  const panic = await drawPanic(actor, roll.purpose === "rally", faces[0]![0]!, message.id);
  await message.update({
    system: { followUpDone: true, panic: panic.outcome, panicFace: panic.face, notes: [...card.notes, ...panic.notes] },
  });
  return OK;
}

const ROLL_PANIC: WriterAction = {
  side: "roller",
  flag: "canRollPanic",
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
      icon: "fa-solid fa-flag",
      result: i18n().localize(unshakeable ? "TACTICA.Chat.morale.unshakeableResult" : "TACTICA.Chat.morale.required"),
      details: unshakeable ? [reason, i18n().localize("TACTICA.Chat.morale.passes")] : [reason],
      canTest: !unshakeable && mayAct(view.user, MORALE_TEST.side, found),
    });
  },
} satisfies CardKind;
