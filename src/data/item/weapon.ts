/**
 * Weapon (RULES §1, §2, §6.1): melee or ranged, its category (weight and origin) proposing the
 * governing sub-aptitude (D-23), its own FOR with the pressure bonus on it — the damage of its hits
 * (D-35) — gear bonus, attributes, boiler link.
 */
import { WEAPON_ORIGINS, WEAPON_RANGES, WEAPON_WEIGHTS } from "../../config/config";
import { SUB_APTITUDE_KEYS, type SubAptitudeKey } from "../../rules/keys";
import { attackSubAptitude } from "../../rules/scores";
import { pressuredTotal, withinBounds } from "../derived";
import { highestPressureBonus } from "../../rules/pressure";
import {
  attributesField,
  BOUNDS,
  choice,
  flag,
  html,
  integer,
  optionalChoice,
  localizationPrefixes,
  pressureDiceField,
} from "../fields";
import { AttributeItemModel } from "./base";
import { changesOf } from "../../compat/effects";

/** An item's effect as read here (`active`: not disabled nor suppressed, e.g. expired on v14). */
interface OwnEffect {
  disabled?: boolean;
  active?: boolean;
}

/**
 * RULES §2: the pressure bonuses of the weapon's OWN effects (`system.pressure`). Core (v13 and
 * v14) applies an item's effects to its actor, never to the item itself (foundryvtt#10624), so the
 * weapon folds them in here, reading either generation's shape (src/compat/effects.ts).
 */
export function ownPressureBonuses(item: { effects?: Iterable<OwnEffect> } | null): number[] {
  const effects = item?.effects ?? [];
  const bonuses: number[] = [];
  for (const effect of effects) {
    if (effect.disabled || effect.active === false) continue;
    for (const change of changesOf(effect)) {
      const value = Number(change.value);
      if (change.key === "system.pressure" && Number.isInteger(value) && value >= 0)
        bonuses.push(withinBounds(value, 0, BOUNDS.pressure));
    }
  }
  return bonuses;
}

const weaponSchema = () => ({
  description: html(),
  attributes: attributesField(),
  range: choice(WEAPON_RANGES, "melee"),
  weight: choice(WEAPON_WEIGHTS, "light"),
  origin: choice(WEAPON_ORIGINS, "imperium"),
  /** D-23: the stored choice; `""` until the sheet (or creation) sets the proposed default. */
  subAptitude: optionalChoice(SUB_APTITUDE_KEYS),
  /** RULES §1: the weapon's own FOR (printed); D-35: with its pressure bonus, the damage of a hit. */
  strength: integer(0, 0, BOUNDS.characteristic),
  /** RULES §2: pressure bonus on the weapon's FOR, raised by an Active Effect (mode UPGRADE). */
  pressure: integer(0, 0, BOUNDS.pressure),
  /** RULES §3: gear dice this weapon adds to a pool; push banes lower it. */
  gearBonus: integer(0, 0, BOUNDS.gauge),
  /** RULES §2: linked to the boiler (pressure rolls on its FOR). */
  linked: flag(),
  /** D-46: pressure dice its special ability grants (1: none). */
  pressureDice: pressureDiceField(),
  equipped: flag(),
  quantity: integer(1, 0, BOUNDS.quantity),
});
type WeaponSchema = ReturnType<typeof weaponSchema>;

type WeaponDerived = {
  /** D-23: what the rules propose for this category. */
  proposedSubAptitude: SubAptitudeKey;
  /** The sub-aptitude the attack uses: the stored one, else the proposal. */
  governingSubAptitude: SubAptitudeKey;
  /** The pressure bonus in effect on the FOR: the highest of the stored bonus and the weapon's own effects (D-6). */
  pressureBonus: number;
  /** FOR with the pressure bonus in effect — D-35: the damage of its next hit. */
  strengthTotal: number;
};

export class WeaponModel extends AttributeItemModel<WeaponSchema, WeaponDerived> {
  static override readonly metadata = { type: "weapon" };
  static override LOCALIZATION_PREFIXES = localizationPrefixes("Item", "base", "weapon");

  static override defineSchema(): WeaponSchema {
    return weaponSchema();
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.proposedSubAptitude = attackSubAptitude({ range: this.range, weight: this.weight, origin: this.origin });
    this.governingSubAptitude = this.subAptitude || this.proposedSubAptitude;
    this.pressureBonus = highestPressureBonus([this.pressure, ...ownPressureBonuses(this.parent)]);
    this.strengthTotal = pressuredTotal(this.strength, this.pressureBonus);
  }
}
