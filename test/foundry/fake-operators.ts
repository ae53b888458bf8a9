/**
 * Part of the Foundry FAKE (see fake.ts): v14's data operators — NOT Foundry.
 *
 * - v14 adds `foundry.data.operators` (`DataFieldOperator`, `ForcedDeletion`, `ForcedReplacement`,
 *   https://foundryvtt.com/api/modules/foundry.data.operators.html) and the global `_del`
 *   (draw-steel 1.0 `eslint.config.mjs` declares it a read-only global, commit
 *   6ddd00ca "Add DataFieldOperator types"). An update value `_del` deletes its key: dnd5e 5.3.3
 *   `module/documents/item.mjs` `deleteActivity` writes `{["system.activities.<id>"]: _del}` on
 *   v14 and `{["system.activities.-=<id>"]: null}` on v13; draw-steel 1.0
 *   `token-ruler.mjs` merges `{blink: _del}` with `{applyOperators: true}` where it used
 *   `{"-=blink": null}` with `{performDeletions: true}`.
 * - The `-=key` syntax still works on v14 with a deprecation warning that names
 *   `foundry.data.operators.ForcedDeletion` (dnd5e 5.3.3 `dnd5e.mjs` silences exactly
 *   `/foundry\.data\.operators\.ForcedDeletion/` in `CONFIG.compatibility.excludePatterns`); the
 *   v14 fake records each use (fake-generation.ts `deprecatedUse`).
 * - v13 has neither the namespace nor the globals (both absent while the fake plays v13).
 * Not covered: `ForcedReplacement` (and its `_replace` global) beyond its class, operator
 *   serialisation over the socket.
 */
import type { FakeFoundry } from "./fake";
import { onGenerationChange } from "./fake-generation";

/** Core's base of the operators. */
export class DataFieldOperator {}

/** The operator that deletes the key it is the value of. */
export class ForcedDeletion extends DataFieldOperator {}

/** The operator that replaces an object whole (the class only). */
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
