import { bench, describe } from "vitest";
import { generationLabel } from "./generation";
import { loadLang } from "../helpers/lang";
import { fireLifecycle, installFoundryFake } from "../foundry/fake";

// DESIGN.md §6 budget: prepareData of an actor with 100 items < 1 ms (median). The real entry
// runs in the Foundry fake (test/foundry/fake.ts): document data preparation as Foundry orders
// it, with the data models' derived values computed by the rules.

const fake = installFoundryFake(loadLang("fr"));
await import("../../src/tactica");
fireLifecycle(fake);

const weapon = (i: number) => ({
  name: `Arme ${i}`,
  type: "weapon",
  system: {
    range: i % 2 ? "ranged" : "melee",
    weight: i % 3 ? "light" : "heavy",
    origin: (["imperium", "mars", "xenos"] as const)[i % 3],
    equipped: i % 4 !== 0,
    strength: 3,
    attributes: [
      { key: "range", x: 1, y: 4 },
      { key: "penetrating", x: 1 },
      { key: "incendiary", x: 2 },
    ],
  },
});
const others = (i: number) =>
  [
    {
      name: `Grenade ${i}`,
      type: "grenade",
      system: { quantity: 2, attributes: [{ key: "area", x: 2, self: false }] },
    },
    {
      name: `Équipement ${i}`,
      type: "gear",
      system: {
        gearBonus: 1,
        pressureTarget: "mou",
        linked: true,
        attributes: [{ key: "requires", aptitude: "intellect", x: 4 }],
      },
    },
    { name: `Pouvoir ${i}`, type: "power", system: { level: 5, cost: 4, maintenance: 2, points: 10 } },
    {
      name: `Armure ${i}`,
      type: "armor",
      system: {
        renfort: 3,
        equipped: i === 0,
        attributes: [
          { key: "adaptive", x: 1 },
          { key: "resistant", kind: "incendiary", y: 1 },
        ],
      },
    },
  ][i % 4]!;

const items = [
  ...Array.from({ length: 50 }, (_, i) => weapon(i)),
  ...Array.from({ length: 48 }, (_, i) => others(i)),
  { name: "Champ", type: "forceField", system: { renfort: { value: 2, max: 4 }, active: true } },
  { name: "Champ de secours", type: "forceField", system: { renfort: { value: 1, max: 1 } } },
];

const ActorClass = (
  fake.CONFIG.Actor as {
    documentClass: { create(data: object): Promise<{ prepareData(): void; items: { size: number } }> };
  }
).documentClass;
const actor = await ActorClass.create({
  name: "Kara",
  type: "character",
  system: {
    aptitudes: { puissance: { value: 4 }, vivacite: { value: 4 }, volonte: { value: 4 }, intellect: { value: 3 } },
    subAptitudes: { force: { value: 2 }, precision: { value: 2 }, reflexe: { value: 2 }, scholastique: { value: 2 } },
    profile: { mou: { value: 3 }, pv: { value: 10, max: 10 } },
  },
  items,
  effects: [{ name: "Pression", changes: [{ key: "system.profile.mou.pressure", value: "3", mode: 4 }] }],
});
if (actor.items.size !== 100) throw new Error(`expected 100 items, got ${actor.items.size}`);

describe(`${generationLabel()} actor data preparation`, () => {
  bench("prepareData, character with 100 items", () => {
    actor.prepareData();
  });
});
