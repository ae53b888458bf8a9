/**
 * The Item document: attribute text typed by the GM is read with the rules parser before anything
 * is saved (RULES §6.4); invalid text is refused with a localised message naming the token, and
 * nothing is saved. New weapons get the governing sub-aptitude the rules propose (D-23).
 */
import { parseStoredAttributes, type StoredAttribute } from "../data/attributes";
import { AttributeItemModel } from "../data/item/base";
import { WeaponModel } from "../data/item/weapon";
import { attackSubAptitude } from "../rules/scores";
import { notifyRulesError } from "../utils/notify";

/**
 * Reads `system.attributes` given as text (nested or as the flat key `"system.attributes"`) in
 * creation or update data, replacing it by the parsed entries. `false`, with a localised message
 * naming the token, when the text is refused.
 */
export function parseAttributeChange(data: unknown): boolean {
  if (typeof data !== "object" || data === null) return true;
  try {
    if ("system.attributes" in data && typeof data["system.attributes"] === "string") {
      data["system.attributes"] = parseStoredAttributes(data["system.attributes"]);
    }
    const system = "system" in data ? data.system : undefined;
    if (typeof system === "object" && system !== null && "attributes" in system && typeof system.attributes === "string") {
      system.attributes = parseStoredAttributes(system.attributes);
    }
    return true;
  } catch (err) {
    return !notifyRulesError(err);
  }
}

export class TacticaItem extends Item {
  /**
   * Attribute text in creation data is read before Foundry builds the item: an item built from
   * unreadable text would fail validation with a generic message, so it is refused here with the
   * message naming the token, and the other items of the request are still created.
   */
  static override async createDocuments<Temporary extends boolean | undefined = undefined>(
    data: Item.CreateData[] | undefined = [],
    operation?: Item.Database.CreateOperation<Temporary>,
  ) {
    const accepted = data.filter((entry) => parseAttributeChange(entry));
    return super.createDocuments<Temporary>(accepted, operation);
  }

  protected override async _preCreate(
    ...[data, options, user]: Parameters<Item["_preCreate"]>
  ): ReturnType<Item["_preCreate"]> {
    if ((await super._preCreate(data, options, user)) === false) return false;
    if (!parseAttributeChange(data)) return false;
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
    if (!parseAttributeChange(changes)) return false;
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
