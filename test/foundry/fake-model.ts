/**
 * Part of the Foundry FAKE (see fake.ts): `foundry.abstract.DataModel` and `TypeDataModel`, and
 * the localisation of model fields from `LOCALIZATION_PREFIXES`. Not covered: `fallback` repair of
 * invalid fields, embedded data models, `shimData`.
 *
 * Behaviours:
 * - A model migrates (`migrateDataSafe`), cleans and validates the object it is GIVEN, in place
 *   (that object becomes `_source`), strictly: an invalid source throws a DataModelValidationError
 *   naming every failing field; then it copies the initialised fields onto itself. Source:
 *   https://foundryvtt.com/api/v13/classes/foundry.abstract.DataModel.html. Contract:
 *   `data.construction-in-place`, `fields.number-uncastable`.
 * - `updateSource(changes)` cleans the change in place (numbers clamped), validates it and
 *   commits it without a database write. Source:
 *   https://foundryvtt.com/api/v13/classes/foundry.abstract.DataModel.html#updatesource. Contract:
 *   `fields.number-update-clamps`.
 * - Joint validation (`validateJoint`) runs on the whole source. Source: the DataModel page above.
 *   Contract: none — manual check "Load a world whose actor has an item with two".
 * - A TypeDataModel has the lifecycle its document forwards to it (`_preCreate`, `_preUpdate`,
 *   `_onUpdate`). Source: https://foundryvtt.com/api/v13/classes/foundry.abstract.TypeDataModel.html.
 *   Contract: `data.update-order`.
 * - Field labels are `PREFIX.FIELDS.<path>.label` (and `.hint`), a later prefix winning. Source:
 *   the DataModel page's localisation example. Contract: none — manual check "every field label
 *   shows in the world's language".
 */
import { DataField, DataModelValidationError, SchemaField, type CleanOptions } from "./fake-fields";
import { deepClone, diffObject, expandObject, isEmpty, isPlainObject, mergeObject, type Obj } from "./fake-utils";

export interface ModelOptions {
  parent?: unknown;
  strict?: boolean;
}

const SCHEMAS = new WeakMap<object, SchemaField>();

export class DataModel {
  parent: unknown;
  _source: Obj;

  static defineSchema(): Record<string, DataField> {
    return {};
  }

  /** The schema, built once per class from `defineSchema()` (as Foundry caches it). */
  static get schema(): SchemaField {
    let schema = SCHEMAS.get(this);
    if (!schema) {
      schema = new SchemaField(this.defineSchema());
      SCHEMAS.set(this, schema);
    }
    return schema;
  }

  static LOCALIZATION_PREFIXES: string[] = [];

  static migrateData(source: Obj): Obj {
    return source;
  }

  /**
   * migrateData that never breaks loading: v13 `DataModel.migrateDataSafe` logs a failure as a
   * warning and returns the object it was given, IGNORING what `migrateData` returned
   * (https://foundryvtt.com/api/v13/classes/foundry.abstract.DataModel.html#migratedatasafe).
   */
  static migrateDataSafe(source: Obj): Obj {
    try {
      this.migrateData(source);
    } catch (err) {
      console.warn(`Failed data migration for ${this.name}`, err);
    }
    return source;
  }

  static cleanData(source: Obj = {}, options: CleanOptions = {}): Obj {
    return this.schema.clean(source, options) as Obj;
  }

  static validateJoint(_data: Obj): void {}

  /**
   * Validates `source` (no cleaning): every field, then the joint rules. Returns the failures as
   * `path: message` lines (empty when valid).
   */
  static validationFailures(source: Obj, options: CleanOptions = {}): string[] {
    const failure = this.schema.validate(source, options);
    const failures = failure ? failure.flatten() : [];
    if (!failures.length && !options.partial) {
      try {
        this.validateJoint(source);
      } catch (err) {
        failures.push(`(joint): ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return failures;
  }

  constructor(data: Obj = {}, options: ModelOptions = {}) {
    this.parent = options.parent ?? null;
    const ctor = this.constructor as typeof DataModel;
    const source = ctor.cleanData(ctor.migrateDataSafe(isPlainObject(data) ? data : {}));
    const failures = ctor.validationFailures(source);
    if (failures.length && options.strict !== false) throw new DataModelValidationError(ctor.name, failures);
    this._source = source;
    this._initialize();
  }

  /** Copies the initialised fields of the source onto the model. */
  _initialize(): void {
    const schema = (this.constructor as typeof DataModel).schema;
    Object.assign(this, schema.initialize(this._source));
  }

  get schema(): SchemaField {
    return (this.constructor as typeof DataModel).schema;
  }

  /**
   * v13 `DataModel#updateSource` (https://foundryvtt.com/api/v13/classes/foundry.abstract.DataModel.html#updatesource):
   * the changes are expanded and CLEANED IN PLACE (numbers clamped and rounded), merged into a
   * copy, the result validated (fields, then joint) — a failure throws and changes nothing — then
   * committed to `_source` and re-initialised. Returns the diff (empty: nothing changed).
   */
  updateSource(changes: Obj = {}): Obj {
    const ctor = this.constructor as typeof DataModel;
    const expanded = expandObject(changes);
    for (const key of Object.keys(changes)) delete changes[key];
    Object.assign(changes, expanded);
    ctor.cleanData(changes, { partial: true });
    const candidate = mergeObject(deepClone(this._source), changes, { performDeletions: true });
    const diff = diffObject(this._source, candidate);
    if (isEmpty(diff)) return diff;
    const failures = ctor.validationFailures(candidate);
    if (failures.length) throw new DataModelValidationError(ctor.name, failures);
    for (const key of Object.keys(this._source)) if (!(key in candidate)) delete this._source[key];
    Object.assign(this._source, candidate);
    this._initialize();
    return diff;
  }

  toObject(): Obj {
    return deepClone(this._source);
  }
}

/**
 * v13 TypeDataModel (https://foundryvtt.com/api/v13/classes/foundry.abstract.TypeDataModel.html):
 * data preparation, and the document lifecycle methods ClientDocumentMixin forwards to the
 * `system` of a document (`_preCreate(data, options, user)`, `_preUpdate(changes, options, user)`,
 * `_onUpdate(changed, options, userId)`; returning false from a `_pre` method cancels).
 */
export class TypeDataModel extends DataModel {
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
  async _preCreate(_data: Obj, _options: Obj, _user: unknown): Promise<boolean | void> {}
  async _preUpdate(_changes: Obj, _options: Obj, _user: unknown): Promise<boolean | void> {}
  _onUpdate(_changed: Obj, _options: Obj, _userId: string): void {}
}

/** Every field of a model with its path, for localisation and tests. */
export function modelFields(model: typeof DataModel): DataField[] {
  return [...model.schema.walk()];
}

/** `{prefix}.FIELDS.{fieldPath}.label` (and `.hint`), as Foundry's model localisation reads them. */
export function fieldKey(prefix: string, field: DataField, kind: "label" | "hint"): string {
  return `${prefix}.FIELDS.${field.fieldPath}.${kind}`;
}

/** What model localisation reads of `game.i18n` (the fake's FakeI18n, test/foundry/fake.ts). */
export interface ModelTranslations {
  has(key: string): boolean;
  localize(key: string): string;
  /** The language file when it is frozen (its answers never change), else `undefined`. */
  readonly frozenSource: object | undefined;
}

/**
 * Localises the labels and hints of a model's fields as Foundry v13 does on `i18nInit`
 * (`Localization#localizeDataModel`, https://foundryvtt.com/api/v13/classes/foundry.helpers.Localization.html):
 * each field reads `<prefix>.FIELDS.<fieldPath>.label` (and `.hint`) under every prefix of
 * `LOCALIZATION_PREFIXES`, a later prefix winning over an earlier one; a key the language lacks
 * leaves the field as it is. The lookups and the file they are cached under both come from `i18n`.
 */
export function localizeModel(model: typeof DataModel, i18n: ModelTranslations): void {
  const lookup = (key: string) => (i18n.has(key) ? i18n.localize(key) : undefined);
  for (const [field, label, hint] of localizedFields(model, lookup, i18n.frozenSource)) {
    if (label !== undefined) field.label = label;
    if (hint !== undefined) field.hint = hint;
  }
}

/** Per frozen language file, per schema and prefixes: what each field read (see localizedFields). */
const LOCALIZED = new WeakMap<object, Map<SchemaField, Map<string, [DataField, string?, string?][]>>>();

/**
 * Each field of `model` with the label and hint it reads (the last prefix that has one wins;
 * `undefined` leaves the field as it is). A `source` is the frozen language file `lookup` reads:
 * it cannot change, and a schema is built once per class, so what a model reads from it is looked
 * up once per worker and then replayed (every test world localises every model on `i18nInit`).
 */
function localizedFields(
  model: typeof DataModel,
  lookup: (key: string) => string | undefined,
  source: object | undefined,
): [DataField, string?, string?][] {
  const prefixes = model.LOCALIZATION_PREFIXES;
  const schema = model.schema;
  let bySchema = source === undefined ? undefined : LOCALIZED.get(source);
  const known = bySchema?.get(schema)?.get(prefixes.join(","));
  if (known) return known;
  const found = modelFields(model).map((field): [DataField, string?, string?] => {
    let label: string | undefined;
    let hint: string | undefined;
    for (const prefix of prefixes) {
      label = lookup(fieldKey(prefix, field, "label")) ?? label;
      hint = lookup(fieldKey(prefix, field, "hint")) ?? hint;
    }
    return [field, label, hint];
  });
  if (source !== undefined) {
    if (!bySchema) LOCALIZED.set(source, (bySchema = new Map()));
    let byPrefixes = bySchema.get(schema);
    if (!byPrefixes) bySchema.set(schema, (byPrefixes = new Map()));
    byPrefixes.set(prefixes.join(","), found);
  }
  return found;
}
