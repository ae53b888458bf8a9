/**
 * Armour (RULES §6.2, §6.3): its *renfort*, attributes (*Adaptatif*, *Résistant*, *Requis*…), and
 * the *Adaptatif* bonus gained this combat (lost at its end).
 */
import { attributesField, BOUNDS, flag, html, integer, localizationPrefixes } from "../fields";
import { AttributeItemModel } from "./base";

const armorSchema = () => ({
  description: html(),
  attributes: attributesField(),
  renfort: integer(0, 0, BOUNDS.gauge),
  adaptiveBonus: integer(0, 0, BOUNDS.gauge),
  equipped: flag(),
});
type ArmorSchema = ReturnType<typeof armorSchema>;

export class ArmorModel extends AttributeItemModel<ArmorSchema> {
  static override readonly metadata = { type: "armor" };
  static override LOCALIZATION_PREFIXES = localizationPrefixes("Item", "base", "armor");

  static override defineSchema(): ArmorSchema {
    return armorSchema();
  }
}
