/**
 * The ActiveEffect document. Pressure bonuses are effects with an UPGRADE change on
 * `system.profile.<key>.pressure` (D-6: the highest wins); their window lives in flags and is
 * managed with the pressure rolls (src/effects/pressure-windows.ts).
 */
import { changesOf, coreExpiryEvent } from "../compat/effects";
import { pressureExpiryEventOf } from "../effects/pressure-windows";

const PRESSURE_KEY = /^system\.profile\.\w+\.pressure$|^system\.pressure$/;

export class TacticaActiveEffect extends ActiveEffect {
  /** RULES §2: this effect carries a pressure bonus. */
  get isPressure(): boolean {
    return changesOf(this).some((change) => PRESSURE_KEY.test(change.key));
  }

  /**
   * v14 `ActiveEffect#isExpiryEvent`: Tactica decides for its own expiry events (src/effects/pressure-windows.ts),
   * core for every other (not called on v13, which has no expiry events).
   */
  isExpiryEvent(event: string, context: unknown = {}): boolean {
    return (
      pressureExpiryEventOf(this, event, context) ??
      coreExpiryEvent(Object.getPrototypeOf(TacticaActiveEffect.prototype), this, event, context)
    );
  }
}
