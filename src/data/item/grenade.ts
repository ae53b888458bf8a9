/**
 * Grenade (RULES §6.3): a consumable with a quantity (it stays at 0), the score that governs it
 * (D-27: *Scholastique* by default, the reflection score of Imperial grenades), its FOR — the damage
 * of its hits (D-35; a grenade is never linked to a boiler, so no pressure raises it) — attributes.
 */
import { SUB_APTITUDE_KEYS } from "../../rules/keys";
import { attributesField, BOUNDS, choice, html, integer, localizationPrefixes } from "../fields";
import { AttributeItemModel } from "./base";

const grenadeSchema = () => ({
  description: html(),
  attributes: attributesField(),
  quantity: integer(1, 0, BOUNDS.quantity),
  subAptitude: choice(SUB_APTITUDE_KEYS, "scholastique"),
  /** D-35: the grenade's FOR, the damage of its hits. */
  strength: integer(0, 0, BOUNDS.characteristic),
});
type GrenadeSchema = ReturnType<typeof grenadeSchema>;

type GrenadeDerived = {
  /** D-35: the FOR of its next hit (no pressure ever raises a grenade's). */
  strengthTotal: number;
};

export class GrenadeModel extends AttributeItemModel<GrenadeSchema, GrenadeDerived> {
  static override readonly metadata = { type: "grenade" };
  static override LOCALIZATION_PREFIXES = localizationPrefixes("Item", "base", "grenade");

  static override defineSchema(): GrenadeSchema {
    return grenadeSchema();
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.strengthTotal = this.strength;
  }
}
