/**
 * Gear (RULES §2, §3): steam gear linked to the boiler for one characteristic's pressure roll, and
 * any other equipment with a gear bonus and attributes (*Requis*…).
 */
import {
  attributesField,
  BOUNDS,
  flag,
  html,
  integer,
  optionalChoice,
  PRESSURE_PROFILE_KEYS,
  localizationPrefixes,
  pressureDiceField,
} from "../fields";
import { AttributeItemModel } from "./base";

const gearSchema = () => ({
  description: html(),
  attributes: attributesField(),
  gearBonus: integer(0, 0, BOUNDS.gauge),
  /** RULES §2: the characteristic its pressure roll raises; `""` for gear without one. */
  pressureTarget: optionalChoice(PRESSURE_PROFILE_KEYS),
  linked: flag(),
  /** D-46: pressure dice its special ability grants (1: none). */
  pressureDice: pressureDiceField(),
  equipped: flag(),
  quantity: integer(1, 0, BOUNDS.quantity),
});
type GearSchema = ReturnType<typeof gearSchema>;

export class GearModel extends AttributeItemModel<GearSchema> {
  static override readonly metadata = { type: "gear" };
  static override LOCALIZATION_PREFIXES = localizationPrefixes("Item", "base", "gear");

  static override defineSchema(): GearSchema {
    return gearSchema();
  }
}
