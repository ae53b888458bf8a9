/**
 * The ActiveEffect document. Pressure bonuses are effects with mode UPGRADE on
 * `system.profile.<key>.pressure` (D-6: the highest wins); their window lives in flags and is
 * managed with the pressure rolls.
 */
const PRESSURE_KEY = /^system\.profile\.\w+\.pressure$|^system\.pressure$/;

export class TacticaActiveEffect extends ActiveEffect {
  /** RULES §2: this effect carries a pressure bonus. */
  get isPressure(): boolean {
    return this.changes.some((change) => PRESSURE_KEY.test(change.key));
  }
}
