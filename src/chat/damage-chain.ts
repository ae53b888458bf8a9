/**
 * RULES §6.2: a hit's damage as the card prints it, one step after the other: « Dégâts 7 → champ
 * −4 → armure −1 → PV −2 » (true minus signs; the steps that stopped nothing left out; the PV
 * lost always last). Pure: no Foundry document is read here.
 */
import { minus } from "../utils/signed";

/** One step of a hit's damage chain: its label key and its value as printed (`7`, `−4`). */
export interface ChainStep {
  label: string;
  value: string;
  /** The PV lost: the step that matters, stressed. */
  last: boolean;
}

/** The breakdown stored on an applied hit (src/data/chat/roll-card.ts; `dealt` null on older cards). */
export interface StoredDamage {
  dealt?: number | null;
  field: number;
  armour: number;
  resistant: number;
  pv: number;
}

/** RULES §6.2: the breakdown stored on an applied hit, as a chain of steps (the zero reductions left out). */
export function damageChain(damage: StoredDamage | null): ChainStep[] | null {
  if (!damage) return null;
  const steps: ChainStep[] = [];
  const dealt = damage.dealt;
  if (typeof dealt === "number") steps.push({ label: "TACTICA.Chat.chain.dealt", value: String(dealt), last: false });
  for (const key of ["field", "armour", "resistant"] as const) {
    if (damage[key] > 0) steps.push({ label: `TACTICA.Chat.chain.${key}`, value: minus(damage[key]), last: false });
  }
  steps.push({ label: "TACTICA.Chat.chain.pv", value: minus(damage.pv), last: true });
  return steps;
}
