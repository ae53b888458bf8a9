/**
 * The "End action" of timeline mode (RULES §7.1–§7.2), its one path ({@link endActionWithPrompt}:
 * the timeline tracker's button, and core's Next through the combat, which has it set on init with
 * `setEndAction`): its dialog proposes the action's duration from the acting combatant's last card
 * and the GM confirms or edits it (an integer 0–99); "move action" (D-39) makes the combatant's move
 * first. Closing the dialog changes nothing; bad input is refused with a localised message and
 * changes nothing either.
 *
 * "Last card": the most recent card whose author owns the actor it names, that actor being the
 * combatant's. Its cost is priced again from the stored documents (src/chat/kinds/index.ts), never
 * read from the card's `flags.tactica.timelineCost`, which its author could write. Only that card is read: an older
 * card is an older action.
 */
import { notifyError } from "../../utils/notify";
import { endActionContext, readDuration } from "./tracker-context";
import type { TacticaCombat } from "../../combat/combat";
import { lastPricedCard } from "../../chat/kinds/index";
import { worldMessages } from "../../chat/authority";
import { moveAction } from "../../actions/move";
import { detachedOptions } from "../../compat/windows";
import { isRecord } from "../../rules/records";
import { renderUid } from "../dialogs/form-dialog";

/** `DialogV2.prompt` options that render it in `opener`'s detached window (v14), or none. */
function renderBeside(opener: unknown): { renderOptions?: object } {
  const options = detachedOptions(opener);
  return options.window ? { renderOptions: options } : {};
}

/** The dialog's template. */
export const END_ACTION_TEMPLATE = "systems/tactica/templates/combat/end-action.hbs";

/** What the dialog's OK button hands back: the form's duration field and its move box. */
function formValues(button: HTMLButtonElement): { value: unknown; move: boolean } {
  const field = button.form?.elements.namedItem("duration");
  const move = button.form?.elements.namedItem("move");
  return {
    value: field && "value" in field ? field.value : undefined,
    move: move !== null && move !== undefined && "checked" in move && move.checked === true,
  };
}

/**
 * The combats whose End-action prompt is open (review N8). A second End action meanwhile — a
 * double click, core's Next and the timeline's button — opens nothing: two prompts would share the
 * acting combatant, and the second confirmation would end the NEXT combatant's action.
 */
const prompting = new WeakSet<object>();

/**
 * RULES §7.1–§7.2: the GM's End action — the dialog proposes the acting combatant's action duration
 * (in `opener`'s window) and the confirmed duration ends the action (`TacticaCombat#endAction`,
 * which checks the GM again). False when nobody acts, another prompt for the combat is open, the
 * dialog was closed or refused, or another combatant acts by the time it is confirmed. Its callers
 * have checked that the user is the GM (the tracker's handlers, `TacticaCombat#nextTurn`).
 */
export async function endActionWithPrompt(combat: TacticaCombat, opener?: unknown): Promise<boolean> {
  const acting = combat.turns[0];
  if (!acting || prompting.has(combat)) return false;
  prompting.add(combat);
  try {
    const answer = await promptDuration(acting, opener);
    // Another combatant may act by now (a marker dragged, another GM): then nothing is made, not even the move.
    if (!answer || combat.turns[0]?.id !== acting.id) return false;
    if (answer.move && !(await moveAction(answer.move, {}, { fastForward: true }))) return false;
    return combat.turns[0]?.id === acting.id && combat.endAction(answer.duration);
  } finally {
    prompting.delete(combat);
  }
}

/**
 * The End-action dialog: shows it for the acting combatant and resolves the confirmed duration, or
 * `null` (closed, or refused with a message). With "move" ticked (D-39) it also names the actor
 * whose move action is made before the action ends — the worn armour's *Requis* charged, its card
 * posted — once the caller has checked that the combatant still acts. On v14 the dialog opens in
 * `opener`'s window when that window is popped out (the timeline tracker's End action), so it
 * never appears behind it in the main window.
 */
async function promptDuration(
  combatant: Combatant.Implementation,
  opener?: unknown,
): Promise<{ duration: number; move: Actor.Implementation | null } | null> {
  const actor = combatant.actor ?? null;
  const context = endActionContext(lastPricedCard(worldMessages(), actor)?.cost ?? null, {
    name: combatant.name ?? "",
  });
  // Element ids start with a fresh uid: two windows never share one.
  const content = await foundry.applications.handlebars.renderTemplate(END_ACTION_TEMPLATE, {
    ...context,
    uid: renderUid(),
  });
  const i18n = game.i18n;
  const raw: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: i18n?.format("TACTICA.Combat.EndAction.Title", { name: context.name }) ?? context.name },
    classes: ["tactica", "tactica-dialog", "tactica-end-action"],
    content,
    rejectClose: false,
    ...renderBeside(opener),
    ok: {
      label: i18n?.localize("TACTICA.Combat.EndAction.Confirm") ?? "OK",
      icon: "fa-solid fa-forward-step",
      callback: (_event: Event, button: HTMLButtonElement) => formValues(button),
    },
  });
  if (!isRecord(raw)) return null;
  const duration = readDuration(raw.value);
  if (duration === null) {
    notifyError("TACTICA.Combat.Errors.BadDuration");
    return null;
  }
  return { duration, move: raw.move === true && context.offerMove ? actor : null };
}
