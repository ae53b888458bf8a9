/**
 * The Item document. Attribute text — in stored data, creation data or an update — is read in one
 * place, the document-level `migrateData` (step 1 of src/data/migration/steps.ts, the rules parser);
 * a create or an update whose text, attribute entries or numbers cannot be stored as given is
 * refused with a localised message naming the token or the field, and nothing is saved
 * (src/documents/data-checks.ts). New weapons get the governing sub-aptitude the rules propose
 * (D-23).
 */
import type { StoredAttribute } from "../data/attributes";
import { AttributeItemModel } from "../data/item/base";
import { WeaponModel } from "../data/item/weapon";
import { migrateDocumentSource } from "../data/migration/capture";
import { attackSubAptitude } from "../rules/scores";
import { notifyRulesError } from "../utils/notify";
import { createRefusal, notifyRefusal, updateRefusal } from "./data-checks";

type Data = Record<string, unknown>;

export class TacticaItem extends Item {
  /**
   * Foundry runs this on every stored item before cleaning it (in place, at load), on creation
   * data and on the partial change of every update: old shapes are brought to the current ones,
   * and what the schema would drop is kept in `flags.tactica.legacy` (src/data/migration/capture.ts).
   * The type's model runs the same steps again through `super` (nothing left to do).
   */
  static override migrateData(source: Data): Data {
    migrateDocumentSource("Item", source);
    return super.migrateData(source);
  }

  protected override async _preCreate(
    ...[data, options, user]: Parameters<Item["_preCreate"]>
  ): ReturnType<Item["_preCreate"]> {
    if ((await super._preCreate(data, options, user)) === false) return false;
    const refusal = createRefusal(this, data);
    if (refusal) {
      notifyRefusal(refusal);
      return false;
    }
    const system = this.system;
    if (system instanceof WeaponModel && !system.subAptitude) {
      const subAptitude = attackSubAptitude({ range: system.range, weight: system.weight, origin: system.origin });
      this.updateSource({ system: { subAptitude } });
    }
  }

  protected override async _preUpdate(
    ...[changes, options, user]: Parameters<Item["_preUpdate"]>
  ): ReturnType<Item["_preUpdate"]> {
    if ((await super._preUpdate(changes, options, user)) === false) return false;
    const refusal = updateRefusal(this, changes);
    if (refusal) {
      notifyRefusal(refusal);
      return false;
    }
  }

  /** RULES §6.4: adds one attribute typed as text (refused with a message when not understood). */
  async addAttribute(text: string): Promise<boolean> {
    const system = this.system;
    if (!(system instanceof AttributeItemModel)) return false;
    let attributes: StoredAttribute[];
    try {
      attributes = system.withAttribute(text);
    } catch (err) {
      return !notifyRulesError(err);
    }
    await this.update({ system: { attributes } });
    return true;
  }

  /** RULES §6.4: removes the attribute at `index`. */
  async removeAttribute(index: number): Promise<void> {
    const system = this.system;
    if (!(system instanceof AttributeItemModel)) return;
    await this.update({ system: { attributes: system.withoutAttribute(index) } });
  }
}
