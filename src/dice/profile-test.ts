/**
 * Profile test — RULES §1 (D-1): a d10 roll-under against a characteristic's current value plus
 * modifiers. Used for FOR/END/CO tests, morale, rally, fear and resisting powers (§4, §5). A
 * natural 10 fails only when the world setting S-nat10 is on (passed in as `natural10Fails`).
 */
import { coTarget, profileTestSuccess, rallyActions, rallyCost } from "../rules/morale";
import { assertInteger, invalid } from "../rules/errors";
import { isOneOf, PROFILE_KEYS, type ProfileKey } from "../rules/keys";
import { TacticaRoll, type BaseRollOptions, type CardBody } from "./base";
import type { RollDialog } from "./pipeline";
import {
  CHAT_TEMPLATE_ROOT,
  d10DiceRow,
  inputRow,
  type InputRow,
  type LocalNote,
  type ModifierEntry,
  modifierRow,
  modifierRows,
  note,
  passFail,
} from "./card";

/** Why the test is taken; it names the card and decides its follow-ups. */
export const PROFILE_PURPOSES = ["test", "morale", "rally", "fear", "resist"] as const;
export type ProfilePurpose = (typeof PROFILE_PURPOSES)[number];

/** RULES §5: the CO toggles of the roll dialog (CO tests only). */
export interface CoToggles {
  banner?: boolean;
  general?: boolean;
  outnumbered?: boolean;
  /** PEUR of the feared enemy (fear tests) */
  fear?: number;
}

export interface ProfileTestOptions extends BaseRollOptions {
  characteristic: ProfileKey;
  /** the characteristic's current value (for a unit's CO, the highest in the unit — D-17) */
  value: number;
  purpose?: ProfilePurpose;
  /** CO tests only: banner, general, outnumbered, fear */
  co?: CoToggles | null;
  /** other modifiers */
  modifiers?: ModifierEntry[];
  /** world setting S-nat10 */
  natural10Fails?: boolean;
  /** rally only: the unit's normal AC, to show the cost and the AC regained (RULES §5) */
  ac?: number | null;
}

/** RULES §1, §5: what the profile test dialog opens with — the actor, the characteristic, the CO toggles on. */
export interface ProfileDialogInput {
  actor: Actor.Implementation;
  key: ProfileKey;
  co?: CoToggles;
}

/** RULES §1, §5: what the profile test dialog answers. */
export interface ProfileChoice {
  co: CoToggles | null;
  modifier: number;
}

export class ProfileTest extends TacticaRoll<ProfileTestOptions> {
  static override readonly KIND: string = "profile";
  /** The profile test dialog (modifier; a CO test's toggles): set on init; `CONFIG.Dice.ProfileTest.DIALOG`. */
  static DIALOG: RollDialog<ProfileDialogInput, ProfileChoice> | null = null;
  static override CHAT_TEMPLATE = `${CHAT_TEMPLATE_ROOT}/profile-test.hbs`;

  static formulaFor(): string {
    return "1d10";
  }

  static override assertOptions(options: ProfileTestOptions): void {
    if (!isOneOf(PROFILE_KEYS, options.characteristic)) {
      invalid("unknown characteristic", options.characteristic);
    }
    if (options.purpose !== undefined && !PROFILE_PURPOSES.includes(options.purpose))
      invalid("unknown test purpose", options.purpose);
    if (options.co && options.characteristic !== "co") invalid("CO modifiers apply to CO tests only", options.co);
    if (options.ac !== undefined && options.ac !== null) assertInteger("AC", options.ac, 0);
    ProfileTest.targetOf(options);
  }

  /** RULES §1, §5: the number to roll under. CO tests go through the rules' coTarget. */
  static targetOf(o: ProfileTestOptions): number {
    const value = assertInteger("characteristic value", o.value);
    const modifier = (o.modifiers ?? []).reduce((sum, m, i) => sum + assertInteger(`modifiers[${i}]`, m.value), 0);
    if (o.characteristic === "co") return coTarget(value, { ...(o.co ?? {}), modifier });
    return value + modifier;
  }

  get purpose(): ProfilePurpose {
    return this.options.purpose ?? "test";
  }

  get target(): number {
    return ProfileTest.targetOf(this.options);
  }

  /** The natural d10. */
  get natural(): number {
    this.assertEvaluated();
    return this.activeFaces()[0] ?? invalid("a profile test needs its d10", this.formula);
  }

  get isSuccess(): boolean {
    return profileTestSuccess(this.natural, this.target, this.options.natural10Fails ?? false);
  }

  protected override get kindLabel(): string {
    return `TACTICA.Roll.profile.${this.purpose}`;
  }

  private inputs(): InputRow[] {
    const o = this.options;
    const rows = [inputRow(`TACTICA.Profile.${o.characteristic}.label`, o.value)];
    const co = o.co ?? {};
    if (co.banner) rows.push(modifierRow("TACTICA.Card.profile.banner", 1));
    if (co.general) rows.push(modifierRow("TACTICA.Card.profile.general", 1));
    if (co.outnumbered) rows.push(modifierRow("TACTICA.Card.profile.outnumbered", -1));
    if (co.fear) rows.push(modifierRow("TACTICA.Card.profile.fear", -co.fear));
    rows.push(...modifierRows(o.modifiers));
    if (this.purpose === "rally" && o.ac !== undefined && o.ac !== null) {
      rows.push(inputRow("TACTICA.Card.profile.rallyCost", rallyCost(o.ac), { note: note("TACTICA.Profile.ac.abbr") }));
    }
    return rows;
  }

  /**
   * What follows the result: rally gains, the panic table, a resisted power. A failed fear test's
   * consequence is the card's note, written by the use case that knows whether the unit charged
   * or was charged (src/actions/morale.ts): said once (ux m10).
   */
  private followUps(success: boolean): LocalNote[] {
    const notes: LocalNote[] = [];
    const ac = this.options.ac;
    if (this.purpose === "rally" && success && ac !== undefined && ac !== null) {
      notes.push(note("TACTICA.Card.profile.rallied", rallyActions(ac)));
    }
    if (this.purpose === "rally" && !success) notes.push(note("TACTICA.Card.profile.panicAgain"));
    if (this.purpose === "morale" && !success) notes.push(note("TACTICA.Card.profile.panic"));
    // A failed fear test's consequence (a charge called off, or the GM's ruling) is the note the
    // fear action writes with the card (src/actions/morale.ts): said once, not twice (ux m10).
    if (this.purpose === "resist")
      notes.push(note(success ? "TACTICA.Card.profile.resisted" : "TACTICA.Card.profile.notResisted"));
    return notes;
  }

  protected override cardBody(): CardBody {
    const success = this.isSuccess;
    const natural = this.natural;
    const nat10 = natural === 10 && (this.options.natural10Fails ?? false);
    const details: LocalNote[] = [note("TACTICA.Card.rollUnder", this.target)];
    if (nat10) details.push(note("TACTICA.Card.natural10"));
    details.push(...this.followUps(success));
    const classes = [success ? "success" : "failure", ...(nat10 ? ["natural-10"] : [])];
    const panics = !success && (this.purpose === "morale" || this.purpose === "rally");
    return {
      inputs: this.inputs(),
      target: { label: "TACTICA.Card.targetUnder", value: this.target },
      diceRows: [d10DiceRow(natural, classes)],
      outcome: passFail(success, details),
      withheld: panics ? [] : ["rollPanic"],
      extra: {
        purpose: this.purpose,
        characteristic: this.options.characteristic,
        // After a failed rally the panic roll gets +1 (RULES §5): the button says which.
        panicAfterRally: this.purpose === "rally",
      },
    };
  }
}
