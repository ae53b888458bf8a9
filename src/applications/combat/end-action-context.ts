/**
 * The End-action dialog's context and input (RULES §7.1–§7.2), pure: what it proposes from a card's
 * cost (priced from the stored documents by src/chat/kinds/index.ts) and how it reads the duration
 * the GM typed. The dialog itself is src/applications/combat/end-action.ts.
 */
import { timelineDuration, type TimelineCost } from "../../rules/timeline";

/** The longest action the dialog accepts (the refusal message names it). */
export const DURATION_MAX = 99;

/** The duration proposed when no card says otherwise: one position, as one AC. */
export const DEFAULT_DURATION = 1;

/** The combatant the proposal is for. */
export interface ActingLike {
  readonly name: string;
}

/** The dialog's context (templates/combat/end-action.hbs). */
export interface EndActionContext {
  name: string;
  duration: number;
  max: number;
  fromCard: boolean;
  /** The card's cost, as a lang key and its data (empty without a card). */
  costKey: string;
  costData: { ac: number; cost: number };
  /** D-39: offer "this action was a move" (not when the last card already is one). */
  offerMove: boolean;
}

/** The cost's description for the dialog: a lang key under TACTICA.Combat.EndAction.Cost and its data. */
function describeCost(cost: TimelineCost): { key: string; data: { ac: number; cost: number } } {
  const prefix = "TACTICA.Combat.EndAction.Cost.";
  switch (cost.kind) {
    case "ac":
      return { key: `${prefix}ac`, data: { ac: cost.ac, cost: 0 } };
    case "power":
      return {
        key: `${prefix}${cost.concentration ? "powerConcentration" : "power"}`,
        data: { ac: 0, cost: cost.useCost },
      };
    case "cancel":
      return { key: `${prefix}${cost.concentration ? "cancelConcentration" : "cancel"}`, data: { ac: 0, cost: 0 } };
    case "maintain":
      return { key: `${prefix}maintain`, data: { ac: 0, cost: cost.maintenanceCost } };
    case "rally":
      return { key: `${prefix}rally`, data: { ac: cost.ac, cost: 0 } };
    case "move":
      return { key: `${prefix}move`, data: { ac: 0, cost: 0 } };
  }
}

/**
 * RULES §7.1: the dialog's context — the duration proposed from the acting combatant's last card,
 * priced from the stored documents (src/chat/kinds/index.ts), when it has a cost.
 */
export function endActionContext(cost: TimelineCost | null, acting: ActingLike): EndActionContext {
  const described = cost ? describeCost(cost) : null;
  return {
    name: acting.name,
    duration: cost ? Math.min(DURATION_MAX, timelineDuration(cost)) : DEFAULT_DURATION,
    max: DURATION_MAX,
    fromCard: cost !== null,
    costKey: described?.key ?? "",
    costData: described?.data ?? { ac: 0, cost: 0 },
    offerMove: cost?.kind !== "move",
  };
}

/** The duration typed by the GM: an integer 0–{@link DURATION_MAX} (digits only), else `null`. */
export function readDuration(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,3}$/.test(text)) return null;
  const duration = Number(text);
  return duration <= DURATION_MAX ? duration : null;
}
