/**
 * Contract: what the integrations (src/integrations/) rely on in core, as core's public API and
 * Foundry's v13 client code state it (docs/foundry-behaviour.md §12):
 * - `game.keybindings`: Tactica's three actions are registered on `init` (the GM-only one
 *   `restricted`); `get` returns each action's bindings as `{key, modifiers}`; `register` after
 *   `init` throws; `get` of an action nobody registered throws
 *   (https://foundryvtt.com/api/v13/classes/foundry.helpers.interaction.ClientKeybindings.html);
 * - `game.keyboard.downKeys` is a Set of the codes held
 *   (https://foundryvtt.com/api/v13/classes/foundry.helpers.interaction.KeyboardManager.html);
 * - the token ruler: `CONFIG.Token.rulerClass` is Tactica's, a subclass of core's
 *   `foundry.canvas.placeables.tokens.TokenRuler`, whose prototype has the protected
 *   `_getWaypointLabelContext` Tactica overrides, and whose `WAYPOINT_LABEL_TEMPLATE` is a template
 *   path (https://foundryvtt.com/api/v13/classes/foundry.canvas.placeables.tokens.TokenRuler.html).
 *   The context itself needs a drawn canvas: docs/manual-checks.md.
 */
import { KEYBINDING_ACTIONS } from "../config/keybindings";
import { SYSTEM_ID } from "../config/settings";
import { RULER_TEMPLATE } from "../integrations/token-ruler";
import type { ContractContext } from "./context";

/** The keybinding registry as read here (its `actions` map is public API). */
interface Registry {
  actions: Map<string, { restricted?: boolean; editable?: unknown[] }>;
  get(namespace: string, action: string): unknown;
  register(namespace: string, action: string, data: object): void;
}

function isRegistry(value: unknown): value is Registry {
  if (typeof value !== "object" || value === null) return false;
  return "actions" in value && value.actions instanceof Map && "get" in value && "register" in value;
}

function registry(): Registry {
  const keybindings: unknown = game.keybindings;
  if (!isRegistry(keybindings)) throw new Error("no game.keybindings");
  return keybindings;
}

export function integrationsContract({ describe, it, assert }: ContractContext): void {
  describe("keybindings", () => {
    it("[integrations.keybindings] Tactica's three actions are registered, their bindings read as {key, modifiers}; core refuses one after init", () => {
      const keys = registry();
      for (const action of Object.values(KEYBINDING_ACTIONS)) {
        assert.ok(keys.actions.has(`${SYSTEM_ID}.${action}`), action);
        const bindings = keys.get(SYSTEM_ID, action);
        assert.ok(Array.isArray(bindings), action);
        const list: unknown[] = Array.isArray(bindings) ? bindings : [];
        for (const binding of list) {
          const isBinding =
            typeof binding === "object" && binding !== null && "key" in binding && "modifiers" in binding;
          assert.ok(isBinding && typeof binding.key === "string" && Array.isArray(binding.modifiers), action);
        }
      }
      assert.strictEqual(keys.actions.get(`${SYSTEM_ID}.${KEYBINDING_ACTIONS.endAction}`)?.restricted, true);
      assert.throws(() => keys.register(SYSTEM_ID, "contractLate", { name: "late" }));
      assert.throws(() => keys.get(SYSTEM_ID, "contractUnknown"));
      assert.ok(game.keyboard?.downKeys instanceof Set, "game.keyboard.downKeys");
    });
  });

  describe("the token ruler", () => {
    it("[integrations.token-ruler] CONFIG.Token.rulerClass is Tactica's subclass of core's TokenRuler, over its label context", () => {
      const core = foundry.canvas.placeables.tokens.TokenRuler;
      const ruler: unknown = CONFIG.Token.rulerClass;
      assert.ok(typeof ruler === "function" && ruler.prototype instanceof core, "a subclass of core's TokenRuler");
      assert.equal(typeof Reflect.get(core.prototype, "_getWaypointLabelContext"), "function");
      assert.equal(typeof core.WAYPOINT_LABEL_TEMPLATE, "string");
      assert.equal(Reflect.get(Object(ruler), "WAYPOINT_LABEL_TEMPLATE"), RULER_TEMPLATE);
    });
  });
}
