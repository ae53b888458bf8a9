/**
 * A pressure roll's card (RULES §2) and its two buttons, the roller's: choose which die counts
 * (D-4, several dice) and apply the bonus as an effect with its window, once per card (the effect
 * carries the card's id and the actor keeps the card's key, src/actions/pressure.ts). Executors of
 * the one writer, for the attested sender, who must own the card's actor. A card whose roll holds
 * more d6 than the stored item or actor grants (D-46: a forged 3d6 for plain gear) is refused,
 * and so is a MOU bonus for the activation once the figure has acted (*tours* mode, RULES §2).
 */
import { PressureRoll } from "../../dice/pressure-roll";
import { pressureBreakdown } from "../../rules/pressure";
import {
  applyPressureEffect,
  mouTooLate,
  pressureApplied,
  pressureSource,
  tooManyPressureDice,
} from "../../actions/pressure";
import { PRESSURE_WINDOWS } from "../../effects/pressure-windows";
import {
  cardItem,
  OK,
  refuse,
  rollerRequest,
  writesCardAndActor,
  type CardAt,
  type CardRequest,
  type CardResult,
  type Someone,
} from "../authority";
import { rollKind, type WriterAction } from "./kind";

/** The pressure roll of a card, with its actor's pressure source (the stored linked item). */
function pressureCard(found: CardAt, actor: Actor.Implementation) {
  const roll = found.message.lastRoll;
  const item = cardItem(actor, found.card.itemUuid);
  const source = item ? pressureSource(actor, item) : null;
  return roll instanceof PressureRoll && item && source ? { roll, item, source } : null;
}

/** D-46: the refusal of a card rolled with more d6 than its stored source grants, or null. */
function diceRefusal(pressure: NonNullable<ReturnType<typeof pressureCard>>): CardResult | null {
  const refusal = tooManyPressureDice(pressure.source, pressure.roll.faces.length);
  return refusal ? refuse(refusal.reason, refusal.data) : null;
}

/** D-4: the player picks which pressure die counts, before the bonus is applied. */
async function chooseDie(request: CardRequest, sender: Someone): Promise<CardResult> {
  const { found, actor, error } = rollerRequest(request, sender);
  if (error) return error;
  const pressure = pressureCard(found, actor);
  if (!pressure || !found.message.id) return refuse("TACTICA.Chat.invalid");
  if (pressureApplied(actor, pressure.item, found.message.id)) return refuse("TACTICA.Chat.alreadyApplied");
  const tooMany = diceRefusal(pressure);
  if (tooMany) return tooMany;
  if (request.index === undefined || pressure.roll.faces[request.index] === undefined)
    return refuse("TACTICA.Chat.invalid");
  const rolls = found.message.rolls.slice(0, -1);
  await found.message.update({ rolls: [...rolls, pressure.roll.choose(request.index)].map((r) => JSON.stringify(r)) });
  return OK;
}

/** RULES §2: turns the card's pressure bonus into an effect with its window, once per card. */
async function applyPressure(request: CardRequest, sender: Someone): Promise<CardResult> {
  const { found, actor, error } = rollerRequest(request, sender);
  if (error) return error;
  const pressure = pressureCard(found, actor);
  const { message, card } = found;
  if (!pressure || !message.id) return refuse("TACTICA.Chat.invalid");
  // C15: a MOU roll made before a pursuit move lasts that move only (the roller's own card says so).
  const window =
    pressure.roll.options.window === "pursuit" && pressure.source.target === "mou"
      ? "pursuit"
      : PRESSURE_WINDOWS[pressure.source.target];
  const note = `TACTICA.Chat.pressure.window.${window}`;
  if (pressureApplied(actor, pressure.item, message.id)) {
    if (!card.followUpDone) await message.update({ system: { followUpDone: true, notes: [...card.notes, note] } });
    return refuse("TACTICA.Chat.alreadyApplied");
  }
  const tooMany = diceRefusal(pressure);
  if (tooMany) return tooMany;
  const late = mouTooLate(actor, pressure.source.target, window);
  if (late) return refuse(late.reason, late.data);
  let bonus: number;
  try {
    // The face is the player's own die; the target and printed value are the stored item's.
    bonus = pressureBreakdown(pressure.roll.chosen.face, pressure.source.target, pressure.source.printedValue).bonus;
  } catch {
    return refuse("TACTICA.Chat.invalid");
  }
  const applied = await applyPressureEffect(
    actor,
    pressure.item,
    { target: pressure.source.target, bonus, window },
    message.id,
  );
  if ("reason" in applied) return refuse(applied.reason, applied.data);
  await message.update({ system: { followUpDone: true, notes: [...card.notes, applied.note] } });
  return OK;
}

const actions = {
  chooseDie: {
    side: "roller",
    onRollCard: true,
    untilDone: true,
    run: chooseDie,
    local: writesCardAndActor,
  },
  applyPressure: {
    side: "roller",
    onRollCard: true,
    untilDone: true,
    run: applyPressure,
    local: writesCardAndActor,
  },
} satisfies Record<string, WriterAction>;

/** RULES §2: a pressure roll's card. */
export const PRESSURE = rollKind(actions);
