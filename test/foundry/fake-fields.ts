/**
 * Part of the Foundry FAKE (see fake.ts): `foundry.data.fields` — DataField, SchemaField,
 * ArrayField and ObjectField here, the scalar fields in fake-fields-scalar.ts. Each field records
 * the options it was given and behaves as Foundry v13's does for what our schemas use; summary:
 * docs/foundry-behaviour.md §2; self-tests: fake-data.test.ts. Not covered: step, positive,
 * `==`/`-=` keys inside schemas, form rendering, Active Effect application beyond numbers and
 * booleans (see fake-documents.ts).
 *
 * Behaviours:
 * - Cleaning (`clean`): `undefined` becomes the initial value and a value is cast to the field's
 *   type; a SchemaField drops unknown keys; an ArrayField cleans every element fully. Source:
 *   https://foundryvtt.com/api/v13/classes/foundry.data.fields.DataField.html (`clean`, `_cast`,
 *   `_cleanType`), …/foundry.data.fields.SchemaField.html, …/foundry.data.fields.ArrayField.html.
 *   Contract: `fields.schema-string-boolean`, `fields.number-clean`.
 * - Validation without cleaning (`validate`): required, nullable, blank, type, integer, min, max,
 *   choices — a failure names each failing path and becomes an error with `asError()`. Source:
 *   https://foundryvtt.com/api/v13/classes/foundry.data.validation.DataModelValidationFailure.html.
 *   Contract: `fields.validate-path`.
 * - An ArrayField casts a plain object by its keys: each key that reads as an integer ≥ 0
 *   (`Number(key)`) is the index of its value, every other key is dropped (`{"0": a, "1": b}` →
 *   `[a, b]`; `{"1": b}` leaves index 0 a hole); a Set becomes its values; any other non-array
 *   value becomes `[value]`. Source: common v13 `data/fields.mjs` `ArrayField#_cast` (the same in
 *   v12). Contract: `fields.array-index-keys`.
 * - An ArrayField's `min` and `max` count its elements. Source:
 *   https://foundryvtt.com/api/interfaces/foundry.data.types._ArrayFieldOptions.html. Contract:
 *   `fields.array-max`.
 */
import { deepClone, getType, isPlainObject, type Obj } from "./fake-utils";

/** A validation failure, per field path. */
export class FieldFailure {
  constructor(
    readonly message = "",
    readonly fields: Record<string, FieldFailure> = {},
  ) {}

  /**
   * v13 `DataModelValidationFailure#asError()`: the failure as a DataModelValidationError, its
   * message naming each failing path
   * (https://foundryvtt.com/api/v13/classes/foundry.data.validation.DataModelValidationFailure.html).
   */
  asError(): Error {
    return new DataModelValidationError("DataModel", this.flatten());
  }

  /** `["system.willpower.value: must be at most 10", …]` */
  flatten(prefix = ""): string[] {
    const own = this.message ? [`${prefix || "(root)"}: ${this.message}`] : [];
    const inner = Object.entries(this.fields).flatMap(([k, f]) => f.flatten(prefix ? `${prefix}.${k}` : k));
    return [...own, ...inner];
  }
}

/**
 * Foundry's DataModelValidationError, with the failing field paths in its message, which reads
 * `"<Class> [<id>] validation errors:"` then one indented `path: reason` line per failure, as
 * v13 `DataModel#validate` words it
 * (https://foundryvtt.com/api/v13/classes/foundry.data.validation.DataModelValidationError.html).
 */
export class DataModelValidationError extends Error {
  override name = "DataModelValidationError";
  constructor(
    readonly model: string,
    readonly failures: string[],
    id: string | null = null,
  ) {
    super(`${model} ${id ? `[${id}] ` : ""}validation errors:\n  ${failures.join("\n  ")}`);
  }
}

export interface FieldOptions {
  required?: boolean;
  nullable?: boolean;
  initial?: unknown;
  label?: string;
  hint?: string;
  readonly?: boolean;
  validate?: (value: unknown) => boolean | void;
  [option: string]: unknown;
}

export interface CleanOptions {
  partial?: boolean;
}

export class DataField {
  name = "";
  parent: DataField | undefined;
  label = "";
  hint = "";
  readonly options: FieldOptions;
  required: boolean;
  nullable: boolean;
  initial: unknown;

  static get defaults(): FieldOptions {
    return { required: false, nullable: false, initial: undefined };
  }

  constructor(options: FieldOptions = {}) {
    this.options = options;
    const defaults = (this.constructor as typeof DataField).defaults;
    this.required = options.required ?? defaults.required ?? false;
    this.nullable = options.nullable ?? defaults.nullable ?? false;
    this.initial = "initial" in options ? options.initial : defaults.initial;
  }

  /** The dotted path of this field within its model (`profile.mou.value`). */
  get fieldPath(): string {
    return [this.parent?.fieldPath, this.name].filter(Boolean).join(".");
  }

  getInitialValue(): unknown {
    if (typeof this.initial === "function") return (this.initial as () => unknown)();
    if (this.initial !== undefined) return deepClone(this.initial);
    if (!this.required) return undefined;
    return this.nullable ? null : undefined;
  }

  clean(value: unknown, options: CleanOptions = {}): unknown {
    if (value === undefined) return this.getInitialValue();
    try {
      if (this.validateSpecial(value) === true) return value;
    } catch {
      return this.getInitialValue();
    }
    return this.cleanType(this.cast(value), options);
  }

  protected cast(value: unknown): unknown {
    return value;
  }

  protected cleanType(value: unknown, _options: CleanOptions): unknown {
    return value;
  }

  /** Returns the failure, or `undefined` when `value` is valid. */
  validate(value: unknown, options: CleanOptions = {}): FieldFailure | undefined {
    try {
      if (this.validateSpecial(value) === true) return undefined;
      const typed = this.validateType(value, options);
      if (typed instanceof FieldFailure) return typed;
      if (this.options.validate && this.options.validate(value) === false)
        return new FieldFailure("is not a valid value");
    } catch (err) {
      return new FieldFailure(err instanceof Error ? err.message : String(err));
    }
    return undefined;
  }

  protected validateSpecial(value: unknown): boolean | void {
    if (value === null) {
      if (this.nullable) return true;
      throw new Error("may not be null");
    }
    if (value === undefined) {
      if (this.required) throw new Error("may not be undefined");
      return true;
    }
  }

  protected validateType(_value: unknown, _options: CleanOptions): FieldFailure | void {}

  initialize(value: unknown): unknown {
    return value;
  }

  /** Every field below this one, depth first (the fake's stand-in for `apply`). */
  *walk(): Generator<DataField> {}

  /** The field one step down a path (`profile` → `mou`, an array → `element`), if any. */
  step(_part: string): DataField | undefined {
    return undefined;
  }
}

export class SchemaField extends DataField {
  readonly fields: Record<string, DataField>;

  static override get defaults(): FieldOptions {
    return { required: true, nullable: false, initial: undefined };
  }

  constructor(fields: Record<string, DataField>, options: FieldOptions = {}) {
    super(options);
    this.fields = { ...fields };
    for (const [name, field] of Object.entries(this.fields)) {
      if (!(field instanceof DataField)) throw new Error(`The "${name}" field is not a DataField`);
      if (field.parent !== undefined) throw new Error(`The "${field.fieldPath}" field already belongs to a schema`);
      field.name = name;
      field.parent = this;
    }
  }

  keys(): string[] {
    return Object.keys(this.fields);
  }

  has(name: string): boolean {
    return Object.hasOwn(this.fields, name);
  }

  get(name: string): DataField | undefined {
    return this.has(name) ? this.fields[name] : undefined;
  }

  /** The field at `path`; inside an array, `element` (or an index) steps into the element. */
  getField(path: string | string[]): DataField | undefined {
    const parts = typeof path === "string" ? path.split(".") : [...path];
    return parts.reduce<DataField | undefined>((field, part) => field?.step(part), this);
  }

  override step(part: string): DataField | undefined {
    return this.get(part);
  }

  override getInitialValue(): unknown {
    const initial = super.getInitialValue();
    return this.required && initial === undefined ? this.cleanType({}, {}) : initial;
  }

  protected override cast(value: unknown): unknown {
    return isPlainObject(value) ? value : {};
  }

  protected override cleanType(value: unknown, options: CleanOptions): unknown {
    const data = value as Obj;
    for (const [name, field] of Object.entries(this.fields)) {
      if (!options.partial || name in data) data[name] = field.clean(data[name], options);
    }
    for (const key of Object.keys(data)) if (!this.has(key)) delete data[key];
    return data;
  }

  protected override validateType(value: unknown, options: CleanOptions): FieldFailure | void {
    if (!isPlainObject(value)) throw new Error("must be an object");
    const failures: Record<string, FieldFailure> = {};
    for (const [name, field] of Object.entries(this.fields)) {
      if (options.partial && !(name in value)) continue;
      const failure = field.validate(value[name], options);
      if (failure) failures[name] = failure;
    }
    if (Object.keys(failures).length) return new FieldFailure("", failures);
  }

  override initialize(value: unknown): unknown {
    if (!isPlainObject(value)) return value;
    const data: Obj = {};
    for (const [name, field] of Object.entries(this.fields)) data[name] = field.initialize(value[name]);
    return data;
  }

  override *walk(): Generator<DataField> {
    for (const field of Object.values(this.fields)) {
      yield field;
      yield* field.walk();
    }
  }
}

export class ObjectField extends DataField {
  static override get defaults(): FieldOptions {
    return { required: true, nullable: false, initial: undefined };
  }

  override getInitialValue(): unknown {
    const initial = super.getInitialValue();
    return this.required && initial === undefined ? {} : initial;
  }

  protected override cast(value: unknown): unknown {
    return isPlainObject(value) ? value : {};
  }

  protected override validateType(value: unknown): void {
    if (!isPlainObject(value)) throw new Error("must be an object");
  }

  override initialize(value: unknown): unknown {
    return deepClone(value);
  }
}

export class ArrayField extends DataField {
  readonly element: DataField;

  static override get defaults(): FieldOptions {
    return { required: true, nullable: false, initial: () => [] };
  }

  constructor(element: DataField, options: FieldOptions = {}) {
    super(options);
    if (!(element instanceof DataField)) throw new Error("An ArrayField must have a DataField element");
    this.element = element;
    element.name = "element";
    element.parent = this;
  }

  // Core's `_cast` (see the header): an index-keyed object becomes the array of its integer keys.
  protected override cast(value: unknown): unknown {
    if (isPlainObject(value)) {
      const indexed: unknown[] = [];
      for (const [key, v] of Object.entries(value)) {
        const index = Number(key);
        if (Number.isInteger(index) && index >= 0) indexed[index] = v;
      }
      return indexed;
    }
    if (value instanceof Set) return [...value];
    return Array.isArray(value) ? value : [value];
  }

  // Arrays are replaced whole by updates, so every element is cleaned fully (Foundry does the same).
  protected override cleanType(value: unknown, options: CleanOptions): unknown {
    return (value as unknown[]).map((v) => this.element.clean(v, { ...options, partial: false }));
  }

  // The `min` and `max` options bound the number of elements, in v13 and v14 alike (API docs:
  // foundry.data.types._ArrayFieldOptions, "The minimum/maximum number of elements":
  // https://foundryvtt.com/api/interfaces/foundry.data.types._ArrayFieldOptions.html and
  // https://foundryvtt.com/api/v14/interfaces/foundry.data.types._ArrayFieldOptions.html).
  protected override validateType(value: unknown): FieldFailure | void {
    if (!Array.isArray(value)) throw new Error(`must be an array (got ${getType(value)})`);
    const { min, max } = this.options as { min?: number; max?: number };
    if (min !== undefined && value.length < min) throw new Error(`cannot have fewer than ${min} elements`);
    if (max !== undefined && value.length > max) throw new Error(`cannot have more than ${max} elements`);
    const failures: Record<string, FieldFailure> = {};
    value.forEach((v, i) => {
      const failure = this.element.validate(v, { partial: false });
      if (failure) failures[String(i)] = failure;
    });
    if (Object.keys(failures).length) return new FieldFailure("", failures);
  }

  override initialize(value: unknown): unknown {
    return Array.isArray(value) ? value.map((v) => this.element.initialize(v)) : value;
  }

  override *walk(): Generator<DataField> {
    yield this.element;
    yield* this.element.walk();
  }

  override step(part: string): DataField | undefined {
    return part === "element" || /^\d+$/.test(part) ? this.element : undefined;
  }
}
