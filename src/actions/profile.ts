/**
 * RULES §1 (D-1): a profile test — d10 roll-under a characteristic's current value (with the
 * pressure bonus in effect) plus modifiers. An INI, ATT or DEF pressure bonus lasts for that one
 * roll (RULES §2): its effect ends once the roll is posted.
 */
import { ProfileTest, type ProfileChoice, type ProfileTestOptions } from "../dice/profile-test";
import { PROFILE_KEYS, type ProfileKey } from "../rules/keys";
import { closePressureWindow } from "../effects/pressure-windows";
import { mayRollFor, postCard, subjectOf, type RollMethodOptions } from "./common";
import { refused } from "../utils/notify";
import { UnitModel } from "../data/actor/unit";
import { natural10Fails } from "../config/settings";

/** D-17: the CO every test of this actor uses (a unit's highest CO). */
export function coFor(actor: Actor.Implementation): number {
  const system = actor.system;
  if (system instanceof UnitModel) return system.coForTests;
  return actor.model?.profile.co.total ?? 0;
}

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
  const rollOptions = (choice: ProfileChoice): ProfileTestOptions => ({
    characteristic: key,
    value: profileValue(actor, key),
    co: choice.co,
    modifiers: choice.modifier ? [{ value: choice.modifier }] : [],
    natural10Fails: natural10Fails(),
    subject: subjectOf(actor),
  });
  const posted = await postCard(
    actor,
    {
      rollClass: ProfileTest,
      formula: "1d10",
      options: rollOptions({ co: null, modifier: 0 }),
      fastForward: options.fastForward ?? false,
      dialog: {
        open: ProfileTest.DIALOG,
        input: { actor, key },
        opener: options.opener,
        apply: (answer, config) => {
          config.options = rollOptions(answer);
          return true;
        },
      },
    },
    { kind: "profile" },
  );
  if (posted && (key === "ini" || key === "att" || key === "def"))
    await closePressureWindow(actor, "nextRoll", { target: key });
  return posted?.message ?? null;
}
