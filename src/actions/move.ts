/**
 * D-39: the move action. Seed 004 charges an armour's *Requis* « à chaque action de mouvement »,
 * so a move is an explicit action — a button on the sheet and the timeline tracker, and a choice
 * of the End-action dialog — posting a small card (kind `move`) that says who moved, with which
 * MOU, and what the worn armour's *Requis* cost in *Épuisement*. On a timeline the card prices the
 * action (one position, `MOVE_DURATION`) for End action.
 *
 * A pursuit move may be preceded by a MOU pressure roll through a linked steam gear (RULES §2,
 * seed 000 « avant que le combattant procède à un mouvement de poursuite … seulement le temps du
 * mouvement de poursuite », C15): its bonus counts in the MOU the card shows, then ends with the
 * move (its window, `pursuit`, closes here; a threshold closes it if no move came).
 *
 * Everything is written by the mover's own client on the actor it owns: the card, then ONE actor
 * write for the *Épuisement* (with its `tactica.exhaustionGained` option: a *Focalisé* action
 * waiting on the timeline is lost, RULES §7.2), then the pursuit bonus's end.
 */
import { ArmorModel } from "../data/item/armor";
import { CharacterModel } from "../data/actor/character";
import { UnitModel } from "../data/actor/unit";
import { GearModel } from "../data/item/gear";
import { closePressureWindow } from "../effects/pressure-windows";
import type { TimelineCost } from "../rules/timeline";
import { requisOf, mayRollFor, postInfoCard, speakerOf, type RollMethodOptions } from "./common";
import { refused } from "../utils/notify";
import { costFlags } from "./psy";
import { rollPressure } from "./pressure";

/** A linked, equipped MOU steam gear that may roll pressure before a pursuit move. */
export interface MoveGear {
  id: string;
  name: string;
}

/** D-39: what the move dialog is opened with. */
export interface MoveDialogInput {
  name: string;
  /** MOU gear the actor may roll pressure with (empty: none, or pressure blocked) */
  gear: readonly MoveGear[];
  /** *Épuisement* the worn armour's *Requis* charges (0: none) */
  requis: number;
  /** the worn armour's name ("" without) */
  armour: string;
}

/** D-39: what the move dialog answers. */
export interface MoveChoice {
  pursuit: boolean;
  /** the gear to roll MOU pressure with before the pursuit move, or null */
  pressureItemId: string | null;
}

/** The move dialog: opened in `opener`'s window, it resolves the move chosen, or null when closed. */
export type MoveDialog = (input: MoveDialogInput, opener?: unknown) => Promise<MoveChoice | null>;

/**
 * The move dialog (src/applications/dialogs/move-dialog.ts). A move rolls nothing, so its dialog
 * belongs to no roll class; the applications sit above the use cases, so it is set on init.
 */
let moveDialog: MoveDialog | null = null;

/** Sets the move dialog (on init, src/setup/registration.ts). */
export function setMoveDialog(dialog: MoveDialog): void {
  moveDialog = dialog;
}

/** What a move is, when asked without the dialog (a macro, the End-action dialog, shift-click). */
export interface MoveRequest {
  /** a pursuit move (RULES §2) */
  pursuit?: boolean;
  /** before a pursuit move: roll MOU pressure through this linked gear first (C15) */
  pressureItemId?: string | null;
}

/** The worn armour (the first equipped, as the damage pipeline reads it) and what its *Requis* charges `actor`. */
export function armourRequis(actor: Actor.Implementation): { armour: string; requis: number } {
  const worn = actor.items.find((item) => item.system instanceof ArmorModel && item.system.equipped);
  if (!worn || !(worn.system instanceof ArmorModel)) return { armour: "", requis: 0 };
  return { armour: worn.name, requis: requisOf(actor, worn.system.attributeList) };
}

/** The linked, equipped MOU steam gear `actor` may roll pressure with now (none while pressure is blocked). */
export function mouGear(actor: Actor.Implementation): MoveGear[] {
  if (actor.statuses.has("pressureBlocked")) return [];
  return actor.items
    .filter(
      (item) =>
        item.system instanceof GearModel &&
        item.system.linked &&
        item.system.equipped &&
        item.system.pressureTarget === "mou",
    )
    .map((item) => ({ id: item.id ?? "", name: item.name }));
}

/** D-39: a move action of `actor` (see the module comment). Resolves its card, or null when cancelled or refused. */
export async function moveAction(
  actor: Actor.Implementation,
  request: MoveRequest = {},
  options: RollMethodOptions = {},
): Promise<ChatMessage.Implementation | null> {
  if (!mayRollFor(actor)) return null;
  const model = actor.system;
  if (!(model instanceof CharacterModel) && !(model instanceof UnitModel))
    return refused("TACTICA.Chat.refused.noPool", { name: actor.name });
  const gear = mouGear(actor);
  const worn = armourRequis(actor);
  let choice: MoveChoice = { pursuit: request.pursuit ?? false, pressureItemId: request.pressureItemId ?? null };
  if (!options.fastForward) {
    if (!moveDialog) throw new Error("Tactica: the move dialog is set on init (src/setup/registration.ts)");
    const picked = await moveDialog(
      { name: actor.name, gear, requis: worn.requis, armour: worn.armour },
      options.opener,
    );
    if (!picked) return null;
    choice = picked;
  }
  if (choice.pressureItemId) {
    if (!choice.pursuit || !gear.some((g) => g.id === choice.pressureItemId))
      return refused("TACTICA.Dialog.move.pressureNeedsPursuit");
    // RULES §2: declared before the pursuit move; its bonus lasts that move only.
    await rollPressure(actor, choice.pressureItemId, { fastForward: true, window: "pursuit" });
  }
  const system = model;
  const mou = { total: system.profile.mou.total, bonus: system.pressureBonus.mou };
  const key = choice.pursuit ? "TACTICA.Chat.move.pursuit" : "TACTICA.Chat.move.moves";
  const summary = game.i18n?.format(key, { name: actor.name }) ?? actor.name;
  const timelineCost: TimelineCost = { kind: "move" };
  const message = await postInfoCard(
    {
      kind: "move",
      actorUuid: actor.uuid,
      label: actor.name,
      move: { pursuit: choice.pursuit, mou: mou.total, mouBonus: mou.bonus, requis: worn.requis, armour: worn.armour },
    },
    { summary: [summary], speaker: speakerOf(actor), ...costFlags(timelineCost) },
  );
  if (!message) return null;
  if (worn.requis > 0) await actor.gainExhaustion(worn.requis);
  if (choice.pursuit) await closePressureWindow(actor, "pursuit");
  return message;
}
