/**
 * Small shared pieces of the executors: their results, a message's rolls as stored, and the
 * clicker's roll JSON rebuilt (core's `Roll.fromData`: the class by its name among
 * `CONFIG.Dice.rolls`, https://foundryvtt.com/api/classes/foundry.dice.Roll.html#fromdata).
 */
import type { CardResult } from "./channel";

/** A refusal the clicking client shows (`data` formats the language key). */
export function refuse(reason: string, data?: Record<string, string>): CardResult {
  return data ? { ok: false, reason, data } : { ok: false, reason };
}

export const OK: CardResult = { ok: true };

/** The message's rolls as the database stores them (JSON strings), plus `extra` appended. */
export function rollsWith(message: ChatMessage.Implementation, ...extra: unknown[]): string[] {
  return [...message.rolls, ...extra].map((roll) => JSON.stringify(roll));
}

/**
 * The roll a request carries, rebuilt; null when there is none, it cannot be rebuilt, or (with
 * `cls`) it is not exactly of that class.
 */
export function rollFrom(data: unknown, cls?: abstract new (...args: never[]) => unknown): unknown {
  if (typeof data !== "object" || data === null) return null;
  try {
    // Core checks the data itself: a malformed roll throws (caught below), as from a client not ours.
    const roll = foundry.dice.Roll.fromData(data as foundry.dice.Roll.Data);
    return cls && roll.constructor !== cls ? null : roll;
  } catch {
    return null;
  }
}
