/**
 * Psychic power (RULES §4, DESIGN §2): level 1–8, use cost in AC, maintenance cost in AC or `null`
 * when it cannot be maintained, points, the card's range text and resist characteristic, and the
 * effect text of its card (rich text the GM writes: the sources give none), printed on the chat
 * card of a successful cast.
 */
import { BOUNDS, html, integer, nullableInteger, optionalChoice, text, localizationPrefixes } from "../fields";
import { TacticaItemModel } from "./base";

/** RULES §4: the characteristics a target may resist a power with. */
export const RESIST_KEYS = ["for", "end", "co"] as const;

const powerSchema = () => ({
  description: html(),
  /** What the power does, as its card says it (RULES §4: "the details of its card … effect text"). */
  effect: html(),
  level: integer(BOUNDS.levelMax, BOUNDS.levelMin, BOUNDS.levelMax),
  cost: integer(0, 0, BOUNDS.characteristic),
  maintenance: nullableInteger(0, BOUNDS.characteristic),
  points: integer(0, 0, BOUNDS.large),
  range: text(),
  resist: optionalChoice(RESIST_KEYS),
});
type PowerSchema = ReturnType<typeof powerSchema>;

export class PowerModel extends TacticaItemModel<PowerSchema> {
  static override readonly metadata = { type: "power" };
  static override LOCALIZATION_PREFIXES = localizationPrefixes("Item", "base", "power");

  static override defineSchema(): PowerSchema {
    return powerSchema();
  }

  /** RULES §4: a power with a maintenance cost can be maintained. */
  get maintainable(): boolean {
    return this.maintenance !== null;
  }
}
