/**
 * The data models, one config map per document class, each keyed by the model's own
 * `metadata.type` (the subtypes of system.json). Adding a subtype touches its model file and the
 * list below; registration (src/setup/registration.ts) reads these maps.
 */
import { CharacterModel, NpcModel } from "./actor/character";
import { UnitModel } from "./actor/unit";
import { RollCardModel } from "./chat/roll-card";
import { ArmorModel } from "./item/armor";
import { ForceFieldModel } from "./item/force-field";
import { GearModel } from "./item/gear";
import { GrenadeModel } from "./item/grenade";
import { PowerModel } from "./item/power";
import { WeaponModel } from "./item/weapon";
import type { ModelMetadata } from "./fields";

export { CharacterModel, NpcModel, UnitModel, RollCardModel };
export { ArmorModel, ForceFieldModel, GearModel, GrenadeModel, PowerModel, WeaponModel };

/** A map `{ [metadata.type]: model }` from a list of models. */
function byType<const M extends readonly { metadata: ModelMetadata }[]>(models: M): Record<string, M[number]> {
  return Object.fromEntries(models.map((model) => [model.metadata.type, model]));
}

export const actorModels = byType([CharacterModel, NpcModel, UnitModel]);
export const itemModels = byType([WeaponModel, ArmorModel, ForceFieldModel, GrenadeModel, GearModel, PowerModel]);
export const chatMessageModels = byType([RollCardModel]);

/** The model maps by document class, as `CONFIG[documentName].dataModels` receives them. */
export const dataModels = { Actor: actorModels, Item: itemModels, ChatMessage: chatMessageModels } as const;
