/**
 * Part of the Foundry FAKE (see fake.ts): v14's data operators — NOT Foundry. Not covered:
 * `ForcedReplacement` beyond its class and its inner value (no `_replace` global, no replacement
 * applied by an update, no `create` Proxy), operator serialisation over the socket.
 *
 * Behaviours:
 * - v14 adds `foundry.data.operators` (`DataFieldOperator`, `ForcedDeletion`, `ForcedReplacement`)
 *   and the global `_del`: an update value `_del` deletes its key; v13 has neither. Source:
 *   https://foundryvtt.com/api/modules/foundry.data.operators.html; draw-steel 1.0
 *   `eslint.config.mjs` (commit 6ddd00ca "Add DataFieldOperator types"), `token-ruler.mjs`; dnd5e
 *   5.3.3 `module/documents/item.mjs` `deleteActivity`. Contract: `documents.deletion`.
 * - On v14 the `-=key` syntax still works with a deprecation naming
 *   `foundry.data.operators.ForcedDeletion` (the v14 fake records each use: fake-generation.ts).
 *   Source: dnd5e 5.3.3 `dnd5e.mjs` (`CONFIG.compatibility.excludePatterns`). Contract: none —
 *   manual check "no warning about `-=` keys or `ForcedDeletion` comes from Tactica".
 * - An operator carries an inner value: the static `DataFieldOperator.get(value)` returns a
 *   ForcedReplacement's value, and any value that is no operator as it is; `toJSON()` gives
 *   `{ value }`. Source: https://foundryvtt.com/api/classes/foundry.data.operators.ForcedReplacement.html
 *   (`get`: "Retrieve the inner value of the DataFieldOperator, or return the value passed if not a
 *   DataFieldOperator"; `toJSON` returns `{ value: any; … }`). Contract: none — manual check
 *   "a bad value wrapped in `_replace` is refused".
 */
import type { FakeFoundry } from "./fake";
import { onGenerationChange } from "./fake-generation";

const INNER = Symbol("inner value");

/** Core's base of the operators: an inner value, read by the static `get`. */
export class DataFieldOperator {
  private readonly [INNER]: unknown;

  constructor(value?: unknown) {
    this[INNER] = value;
  }

  /** The inner value of an operator, or `value` itself when it is none. */
  static get(value: unknown): unknown {
    return value instanceof DataFieldOperator ? value[INNER] : value;
  }

  toJSON(): { value: unknown } {
    return { value: this[INNER] };
  }
}

/** The operator that deletes the key it is the value of. */
export class ForcedDeletion extends DataFieldOperator {}

/** The operator that sets its field to its inner value without recursing into it (the class and its value only). */
export class ForcedReplacement extends DataFieldOperator {}

/** True when `value` is v14's deletion operator. */
export function isForcedDeletion(value: unknown): value is ForcedDeletion {
  return value instanceof ForcedDeletion;
}

/** Installs (v14) or removes (v13) `foundry.data.operators` and `_del`. */
export function installOperators(fake: FakeFoundry): void {
  onGenerationChange((v14) => {
    const data = fake.foundry.data as Record<string, unknown>;
    const globals = globalThis as Record<string, unknown>;
    if (v14) {
      data.operators = { DataFieldOperator, ForcedDeletion, ForcedReplacement };
      globals._del = new ForcedDeletion();
    } else {
      delete data.operators;
      delete globals._del;
    }
  });
}
