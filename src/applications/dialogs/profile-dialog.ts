/** RULES §1, §5: the profile test dialog — CO modifiers as toggles, other modifier, live chance. */
import { ProfileTest } from "../../dice/profile-test";
import type { ProfileKey } from "../../rules/keys";
import { profileValue } from "../../actions/profile";
import type { ProfileChoice, ProfileDialogInput } from "../../dice/profile-test";
import {
  DIALOG_TEMPLATE_ROOT,
  formDialog,
  modifierOf,
  percent,
  refuse,
  wholeNumber,
  type FormValues,
  type Refusal,
  type ModeChoice,
} from "./form-dialog";
import { d10SuccessChance } from "../../rules/psy";
import { natural10Fails } from "../../config/settings";

/** The form read back; the enemy's PEUR is 0 or more. */
export function readProfile(key: ProfileKey, values: FormValues): ProfileChoice | Refusal {
  const fear = key === "co" ? wholeNumber(values.fear) : 0;
  if (fear === null || fear < 0)
    return refuse("TACTICA.Dialog.atLeast", {
      field: game.i18n?.localize("TACTICA.Card.profile.fear") ?? "",
      min: "0",
    });
  const modifier = modifierOf(values);
  if (typeof modifier !== "number") return modifier;
  const co =
    key === "co"
      ? { banner: !!values.banner, general: !!values.general, outnumbered: !!values.outnumbered, fear }
      : null;
  return { co, modifier };
}

/** Asks for the test's modifiers in `opener`'s window; resolves them, or null when closed. */
export async function profileDialog(
  { actor, key, co = {} }: ProfileDialogInput,
  opener: unknown = null,
): Promise<(ProfileChoice & ModeChoice) | null> {
  const value = profileValue(actor, key);
  const nat10 = natural10Fails();
  return formDialog(
    {
      title: game.i18n?.localize(`TACTICA.Profile.${key}.label`) ?? "",
      template: `${DIALOG_TEMPLATE_ROOT}/profile.hbs`,
      context: {
        key,
        label: `TACTICA.Profile.${key}.label`,
        value,
        isCo: key === "co",
        co: { banner: !!co.banner, general: !!co.general, outnumbered: !!co.outnumbered, fear: co.fear ?? 0 },
      },
      read: (values) => readProfile(key, values),
      odds: (values) => {
        const choice = readProfile(key, values);
        if ("refused" in choice) return "";
        const target = ProfileTest.targetOf({
          characteristic: key,
          value,
          co: choice.co,
          modifiers: [{ value: choice.modifier }],
        });
        return (
          game.i18n?.format("TACTICA.Dialog.d10Odds", {
            target: String(target),
            chance: percent(d10SuccessChance(target, nat10)),
          }) ?? ""
        );
      },
    },
    opener,
  );
}
