/**
 * Shared base of the item models: the description every item has, the metadata that registers
 * the model under its subtype, and the attribute list of weapons, armour, grenades and gear
 * (RULES §6.4), with the conversions to the rules' `Attribute` union.
 */
import type { Attribute } from "../../rules/attributes";
import { migrateSystem } from "../migration/steps";
import { toAttribute, toAttributes, withAttributeText, withoutAttribute, type StoredAttribute } from "../attributes";
import type { attributesField, html, ModelMetadata } from "../fields";

type BaseSchema = { description: ReturnType<typeof html> };
type AttributeSchema = BaseSchema & { attributes: ReturnType<typeof attributesField> };

/** Every item model: a description and its registration metadata. */
export abstract class TacticaItemModel<
  S extends BaseSchema,
  D extends Record<string, unknown> = Record<string, never>,
> extends foundry.abstract.TypeDataModel<S, Item.Implementation, Record<string, never>, D> {
  static readonly metadata: ModelMetadata;

  /** Older shapes of this item's data (src/data/migration/steps.ts), fixed as the data loads. */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateSystem("Item", this.metadata.type, source);
    return super.migrateData(source);
  }
}

/**
 * Items carrying attributes. The stored list is flat entries (see src/data/attributes.ts); the
 * rules see `attributeList`. Attribute text — in old data, or typed into a create or an update —
 * is read in one place, migrateData (step 1, the rules parser); when the parser refuses it, the
 * item document refuses the create or update with the parser's message naming the token
 * (src/documents/data-checks.ts), and stored text it cannot read is kept in flags.
 */
export abstract class AttributeItemModel<
  S extends AttributeSchema,
  D extends Record<string, unknown> = Record<string, never>,
> extends TacticaItemModel<S, D> {
  /** RULES §6.4: the attributes as the rules read them. */
  get attributeList(): Attribute[] {
    return toAttributes(this.attributes);
  }

  /**
   * RULES §6.4: the stored list with one more attribute typed as text (for the chips UI).
   * @throws AttributeParseError naming the token not understood.
   */
  withAttribute(text: string): StoredAttribute[] {
    return withAttributeText(this.attributes, text);
  }

  /** The stored list without the attribute at `index`. */
  withoutAttribute(index: number): StoredAttribute[] {
    return withoutAttribute(this.attributes, index);
  }

  /**
   * Each entry must be an attribute the rules accept (e.g. *Portée* Y ≥ X, *Tectonique* ≤ 5).
   * Core calls this at load too (TypeDataField#_validateModel), where a throw would make the item
   * invalid and drop it from its actor: migrateData (step 2, src/data/migration/steps.ts) takes such
   * entries out of stored data first, and the item document refuses a change bringing one with a
   * localised message, so this only guards writes that bypass both (`updateSource`).
   */
  static override validateJoint(data: Record<string, unknown>): void {
    // fvtt-types types TypeDataModel.validateJoint's parameter as `never` (each model narrows it).
    super.validateJoint(data as never);
    const list = data.attributes;
    if (!Array.isArray(list)) return;
    list.forEach((entry: StoredAttribute, index) => {
      try {
        toAttribute(entry);
      } catch (err) {
        throw new Error(`attributes.${index}: ${err instanceof Error ? err.message : String(err)}`);
      }
    });
  }
}
