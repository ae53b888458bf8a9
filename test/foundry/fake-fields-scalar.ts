/**
 * Part of the Foundry FAKE (see fake.ts): the scalar fields of `foundry.data.fields` —
 * BooleanField, NumberField, StringField, HTMLField — on the base of fake-fields.ts (which says
 * what the fields do and do not cover). Self-tests: fake-data.test.ts.
 *
 * Behaviours:
 * - NumberField: `_cast` is `Number(value)` (`""` → null when nullable); cleaning rounds integers
 *   then CLAMPS to min/max; validation refuses what is out of bounds ("must be an integer", "must
 *   be at most …") and what it cannot cast. Source:
 *   https://foundryvtt.com/api/v13/classes/foundry.data.fields.NumberField.html. Contract:
 *   `fields.number-clean`, `fields.number-update-clamps`, `fields.number-uncastable`.
 * - StringField trims and checks `choices`; BooleanField casts `"true"` / `"false"`. Source:
 *   https://foundryvtt.com/api/v13/classes/foundry.data.fields.StringField.html,
 *   …/foundry.data.fields.BooleanField.html. Contract: `fields.schema-string-boolean`.
 * - HTMLField is a StringField whose text the server cleans (for the `htmlFields` a system
 *   declares; the fake cleans nothing). Source:
 *   https://foundryvtt.com/api/interfaces/foundry.ServerSanitizationFields.html. Contract:
 *   `data.embedded-html-cleaned`.
 */
import { DataField, type CleanOptions, type FieldOptions } from "./fake-fields";
import { isPlainObject } from "./fake-utils";

export class BooleanField extends DataField {
  static override get defaults(): FieldOptions {
    return { required: true, nullable: false, initial: false };
  }

  protected override cast(value: unknown): unknown {
    if (typeof value === "string") return value === "true";
    if (typeof value === "object") return false;
    return Boolean(value);
  }

  protected override validateType(value: unknown): void {
    if (typeof value !== "boolean") throw new Error("must be a boolean");
  }
}

/** Tests `value` against a field's `choices` (an array or an object keyed by value). */
function isChoice(choices: unknown, value: unknown): boolean {
  const list = typeof choices === "function" ? (choices as () => unknown)() : choices;
  if (Array.isArray(list)) return list.includes(value);
  return isPlainObject(list) && String(value) in list;
}

export class NumberField extends DataField {
  readonly min: number | undefined;
  readonly max: number | undefined;
  readonly integer: boolean;
  readonly choices: unknown;

  static override get defaults(): FieldOptions {
    return { required: false, nullable: true, initial: null };
  }

  constructor(options: FieldOptions = {}) {
    super(options);
    this.min = typeof options.min === "number" ? options.min : undefined;
    this.max = typeof options.max === "number" ? options.max : undefined;
    this.integer = options.integer === true;
    this.choices = options.choices;
    if (this.choices) this.nullable = options.nullable ?? false;
    if (this.min !== undefined && this.max !== undefined && this.min > this.max) {
      throw new Error("NumberField minimum constraint cannot exceed its maximum constraint");
    }
  }

  protected override cast(value: unknown): unknown {
    return this.nullable && value === "" ? null : Number(value);
  }

  protected override cleanType(value: unknown): unknown {
    if (typeof value !== "number") return value;
    let n = this.integer ? Math.round(value) : value;
    if (this.min !== undefined) n = Math.max(n, this.min);
    if (this.max !== undefined) n = Math.min(n, this.max);
    return n;
  }

  protected override validateType(value: unknown): void {
    if (typeof value !== "number") throw new Error("must be a number");
    if (this.min !== undefined && value < this.min) throw new Error(`must be at least ${this.min}`);
    if (this.max !== undefined && value > this.max) throw new Error(`must be at most ${this.max}`);
    if (this.choices && !isChoice(this.choices, value)) throw new Error(`${value} is not a valid choice`);
    if (this.integer && !Number.isInteger(value)) throw new Error("must be an integer");
    if (!Number.isFinite(value)) throw new Error("must be a finite number");
  }
}

export class StringField extends DataField {
  readonly blank: boolean;
  readonly trim: boolean;
  readonly choices: unknown;

  static override get defaults(): FieldOptions {
    return { required: false, nullable: false, initial: undefined, blank: true, trim: true };
  }

  constructor(options: FieldOptions = {}) {
    super(options);
    this.choices = options.choices;
    this.blank = (options.blank as boolean | undefined) ?? (this.choices ? false : true);
    this.trim = options.trim !== false;
    if (this.choices) this.nullable = options.nullable ?? false;
  }

  override clean(value: unknown, options: CleanOptions = {}): unknown {
    return super.clean(typeof value === "string" && this.trim ? value.trim() : value, options);
  }

  override getInitialValue(): unknown {
    const initial = super.getInitialValue();
    return this.blank && this.required && !initial ? "" : initial;
  }

  protected override cast(value: unknown): unknown {
    return String(value);
  }

  protected override validateSpecial(value: unknown): boolean | void {
    if (value === "") {
      if (this.blank) return true;
      throw new Error("may not be a blank string");
    }
    return super.validateSpecial(value);
  }

  protected override validateType(value: unknown): void {
    if (typeof value !== "string") throw new Error("must be a string");
    if (this.choices && !isChoice(this.choices, value)) throw new Error(`${value} is not a valid choice`);
  }
}

export class HTMLField extends StringField {
  static override get defaults(): FieldOptions {
    return { ...super.defaults, required: true, blank: true };
  }
}
