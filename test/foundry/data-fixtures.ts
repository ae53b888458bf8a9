/**
 * Test fixtures of the data layer: stored worlds as an older Tactica wrote them, and loading
 * stored documents into a test world as Foundry loads a world (migrations.test.ts,
 * security-data.test.ts).
 */
import { dataFake } from "./fake-data";
import type { FakeFoundry } from "./fake";

/** Stored sources as an older Tactica wrote them (schema version 0). */
export function oldWorld() {
  return {
    actors: [
      {
        _id: "oldActor00000001",
        name: "Vétéran",
        type: "character",
        system: {
          profile: { mou: 4, co: 7, pv: 8 },
          aptitudes: { puissance: 4, vivacite: 3 },
          subAptitudes: { force: 2, reflexe: 1 },
          willpower: 3,
          morale: "panicked",
          epuisement: 2,
          notes: "gardé par la migration",
          biography: "<p>Vétéran des guerres de la vapeur.</p>",
        },
        items: [
          {
            _id: "oldItem000000001",
            name: "Fusil",
            type: "weapon",
            system: { attributes: "Portée 2-4, Imprécis 1", equipped: true },
          },
          {
            _id: "oldItem000000002",
            name: "Jambières",
            type: "gear",
            system: { bonus: 1, pressure: "mou", linked: true },
          },
        ],
        flags: { other: { keep: true } },
      },
      { _id: "oldUnit000000001", name: "Escouade", type: "unit", system: { strength: 10, profile: { co: 6 } } },
    ],
    items: [
      { _id: "oldField00000001", name: "Champ", type: "forceField", system: { renfort: 3 } },
      { _id: "oldOdd0000000001", name: "Arme étrange", type: "weapon", system: { attributes: "Portée deux" } },
      // D-35: a damage value from before the FOR was the damage.
      { _id: "oldHammer0000001", name: "Marteau", type: "weapon", system: { damage: 4 } },
      { _id: "oldCannon0000001", name: "Canon", type: "weapon", system: { damage: 6, strength: 3 } },
    ],
  };
}

/** Loads `data` as the world's stored documents, as user `user` (after init, before ready). */
export function withStoredWorld(
  data: { actors?: Record<string, unknown>[]; items?: Record<string, unknown>[] },
  user = "gm-1",
) {
  return (fake: FakeFoundry): void => {
    const fakeData = dataFake(fake);
    fakeData.setUser(user);
    fake.hooks.on("setup", () => fakeData.loadWorld(data));
  };
}
