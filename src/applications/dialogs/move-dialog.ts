/**
 * D-39: the move dialog — a pursuit move or not, and before a pursuit move a MOU pressure roll
 * through a linked steam gear (RULES §2, C15: that bonus lasts the pursuit move only). The worn
 * armour's *Requis* is said, not chosen: every move action charges it.
 */
import { DIALOG_TEMPLATE_ROOT, formDialog, refuse, type FormValues, type Refusal } from "./form-dialog";
import type { MoveChoice, MoveDialogInput } from "../../actions/move";

/** The form read back: pressure before a move only for a pursuit move, through an offered gear. */
export function readMove(input: MoveDialogInput, values: FormValues): MoveChoice | Refusal {
  const pursuit = !!values.pursuit;
  const picked = typeof values.pressure === "string" ? values.pressure : "";
  if (!picked) return { pursuit, pressureItemId: null };
  if (!input.gear.some((g) => g.id === picked)) return refuse("TACTICA.Dialog.invalid");
  if (!pursuit) return refuse("TACTICA.Dialog.move.pressureNeedsPursuit");
  return { pursuit, pressureItemId: picked };
}

/** Asks how the actor moves, in `opener`'s window; resolves the choice, or null when closed. */
export async function moveDialog(input: MoveDialogInput, opener: unknown = null): Promise<MoveChoice | null> {
  return formDialog(
    {
      title: game.i18n?.format("TACTICA.Dialog.move.title", { name: input.name }) ?? input.name,
      template: `${DIALOG_TEMPLATE_ROOT}/move.hbs`,
      context: { name: input.name, gear: input.gear, requis: input.requis, armour: input.armour },
      read: (values) => readMove(input, values),
      button: { label: "TACTICA.Dialog.move.confirm", icon: "fa-solid fa-person-walking" },
    },
    opener,
  );
}
