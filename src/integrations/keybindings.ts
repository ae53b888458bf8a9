/**
 * Tactica's keybindings, registered on `init` with core's keybinding API so that each one is listed
 * — and can be rebound or unbound — in *Configure Controls* (v13 `ClientKeybindings#register`:
 * https://foundryvtt.com/api/v13/classes/foundry.helpers.interaction.ClientKeybindings.html#register;
 * it throws "after the init hook"). `editable` bindings are the defaults a user may change;
 * `restricted` makes an action "only a GM can edit and execute"
 * (https://foundryvtt.com/api/v13/interfaces/foundry.types.KeybindingActionConfig.html).
 *
 * - *Skip the roll dialog* (Shift): no handler of its own — a roll asks whether it is held
 *   (src/config/keybindings.ts `skipsDialog`), as dnd5e's `skipDialogNormal` is;
 * - *Open the timeline* (L): opens or brings up the timeline tracker;
 * - *End action* (End, GM only): the viewed combat's next step — on a timeline the End-action
 *   dialog then the acting combatant moves on, in *tours* core's next turn (`TacticaCombat#nextTurn`).
 */
import { KEYBINDING_ACTIONS } from "../config/keybindings";
import { SYSTEM_ID } from "../config/settings";
import { TacticaCombat } from "../combat/combat";
import { openTimelineTracker } from "../applications/combat/tracker";
import { notifyInfo } from "../utils/notify";

/** What a keybinding's handler returns: true when it used the key (nothing else runs on it). */
type KeyHandler = () => boolean;

/** *Open the timeline*: the tracker opens (or comes to the front). */
export const openTimeline: KeyHandler = () => {
  void openTimelineTracker();
  return true;
};

/** *End action* (GM): the viewed combat moves on; without a started Tactica combat, says so. */
export const endAction: KeyHandler = () => {
  const combat = game.combat;
  if (!(combat instanceof TacticaCombat) || !combat.started) {
    notifyInfo("TACTICA.Combat.Tracker.NoCombat");
    return true;
  }
  void combat.nextTurn();
  return true;
};

/** The three actions, their default keys and handlers. */
function keybindings() {
  const key = (action: string) => `TACTICA.Integrations.Keys.${action}`;
  return [
    {
      action: KEYBINDING_ACTIONS.skipDialog,
      data: {
        name: `${key("skipDialog")}.name`,
        hint: `${key("skipDialog")}.hint`,
        editable: [{ key: "ShiftLeft" }, { key: "ShiftRight" }],
      },
    },
    {
      action: KEYBINDING_ACTIONS.openTimeline,
      data: {
        name: `${key("openTimeline")}.name`,
        hint: `${key("openTimeline")}.hint`,
        editable: [{ key: "KeyL" }],
        onDown: openTimeline,
      },
    },
    {
      action: KEYBINDING_ACTIONS.endAction,
      data: {
        name: `${key("endAction")}.name`,
        hint: `${key("endAction")}.hint`,
        editable: [{ key: "End" }],
        onDown: endAction,
        restricted: true,
      },
    },
  ];
}

/** `init` (src/hooks/integrations.ts): registers the three keybindings. */
export function registerKeybindings(): void {
  const registry = game.keybindings;
  if (!registry) return;
  for (const { action, data } of keybindings()) registry.register(SYSTEM_ID, action, data);
}
