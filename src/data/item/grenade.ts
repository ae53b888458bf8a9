/**
 * Grenade (RULES §6.3): a consumable with a quantity (it stays at 0), the score that governs it
 * (D-27: *Scholastique* by default, the reflection score of Imperial grenades), damage, attributes.
 */
import { SUB_APTITUDE_KEYS } from "../../rules/keys";
import { attributesField, BOUNDS, choice, html, integer, localizationPrefixes } from "../fields";
import { AttributeItemModel } from "./base";

const grenadeSchema = () => ({
  description: html(),
  attributes: attributesField(),
  quantity: integer(1, 0, BOUNDS.quantity),
  subAptitude: choice(SUB_APTITUDE_KEYS, "scholastique"),
  damage: integer(0, 0, BOUNDS.gauge),
});
type GrenadeSchema = ReturnType<typeof grenadeSchema>;

export class GrenadeModel extends AttributeItemModel<GrenadeSchema> {
  static override readonly metadata = { type: "grenade" };
  static override LOCALIZATION_PREFIXES = localizationPrefixes("Item", "base", "grenade");

  static override defineSchema(): GrenadeSchema {
    return grenadeSchema();
  }
}
