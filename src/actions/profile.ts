/**
 * RULES §1 (D-1): a profile test — d10 roll-under a characteristic's current value (with the
 * pressure bonus in effect) plus modifiers. An INI, ATT or DEF pressure bonus lasts for that one
 * roll (RULES §2): its effect ends once the roll is posted.
 */
import { ProfileTest, type ProfileTestOptions } from "../dice/profile-test";
import { PROFILE_KEYS, type ProfileKey } from "../rules/keys";
import { closePressureWindow } from "../effects/pressure-windows";
import { mayRollFor, postCard, subjectOf, type RollMethodOptions } from "./common";
import { refused } from "../utils/notify";
import { rollDialogs } from "./dialogs";
import { coFor } from "./morale";
import type { MessageMode } from "../compat/message-mode";
import { natural10Fails } from "../config/settings";

/** The characteristic's value for a test (a unit's CO is its highest, D-17). */
export function profileValue(actor: Actor.Implementation, key: ProfileKey): number {
  if (key === "co") return coFor(actor);
  return actor.model?.profile[key].total ?? 0;
}

/** RULES §1: rolls a test of `key` and posts its card. */
export async function rollProfile(
  actor: Actor.Implementation,
  key: ProfileKey,
  options: RollMethodOptions = {},
): Promise<ChatMessage.Implementation | null> {
  if (!mayRollFor(actor)) return null;
  if (!PROFILE_KEYS.includes(key)) return refused("TACTICA.Chat.refused.unknownKey", { key: String(key) });
  let modifier = 0;
  let co: ProfileTestOptions["co"] = null;
  let rollMode: MessageMode | undefined;
  if (!options.fastForward) {
    const picked = await rollDialogs().profile(actor, key, {}, options.opener);
    if (!picked) return null;
    modifier = picked.modifier;
    co = picked.co;
    rollMode = picked.messageMode;
  }
  const rollOptions: ProfileTestOptions = {
    characteristic: key,
    value: profileValue(actor, key),
    co,
    modifiers: modifier ? [{ value: modifier }] : [],
    natural10Fails: natural10Fails(),
    subject: subjectOf(actor),
  };
  const posted = await postCard(
    actor,
    { rollClass: ProfileTest, formula: "1d10", options: rollOptions, fastForward: true, rollMode },
    { kind: "profile" },
  );
  if (posted && (key === "ini" || key === "att" || key === "def"))
    await closePressureWindow(actor, "nextRoll", { target: key });
  return posted?.message ?? null;
}
