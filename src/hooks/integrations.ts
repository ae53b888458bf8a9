/**
 * Other modules and core's controls (src/integrations/, src/dice/dsn.ts), wired on `init`:
 * - the keybindings, registered now (core refuses them after `init`);
 * - the token ruler that speaks in places, set now (core draws rulers once the canvas is ready);
 * - Dice So Nice's dice (`diceSoNiceReady`) and the Token Action HUD handler
 *   (`tokenActionHudCoreApiReady`), listened to only when that module is active in the world
 *   (`game.modules`, known on `init`): without it nothing is registered, and nothing is needed.
 */
import { registerKeybindings } from "../integrations/keybindings";
import { registerTokenRuler } from "../integrations/token-ruler";
import { registerTokenActionHud } from "../integrations/token-action-hud";
import { addDiceSet } from "../dice/dsn";

/** True when the module `id` is installed and enabled in this world. */
export function moduleActive(id: string): boolean {
  return game.modules?.get(id)?.active === true;
}

export function integrationHooks(): void {
  registerKeybindings();
  registerTokenRuler();
  if (moduleActive("dice-so-nice")) Hooks.once("diceSoNiceReady", (dsn) => addDiceSet(dsn));
  if (moduleActive("token-action-hud-core")) Hooks.once("tokenActionHudCoreApiReady", registerTokenActionHud);
}
