import fs from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { flattenKeys, loadLang } from "../helpers/lang";
import { fieldKey, modelFields, type DataModel } from "./fake-model";
import { NumberField, StringField } from "./fake-fields-scalar";
import { loadWorld, sourceOf, systemAs, updateUntyped, type LoadedWorld } from "./world";
import * as rules from "../../src/rules/index";

// The real entry loaded into the Foundry fake (see fake.ts): registration of the data models,
// labels, bounds, derived values (each compared with the rules function that must compute it).

const manifest = JSON.parse(fs.readFileSync("system.json", "utf8")) as {
  documentTypes: Record<string, Record<string, unknown>>;
};
const fr = new Set(flattenKeys(loadLang("fr")));
const en = new Set(flattenKeys(loadLang("en")));
type ModelClass = typeof DataModel & { metadata: { type: string } };

let world: LoadedWorld;
beforeEach(async () => {
  world = await loadWorld();
});

const registered = (doc: string) => (world.fake.CONFIG[doc] as { dataModels: Record<string, ModelClass> }).dataModels;

describe("registration", () => {
  it("registers a model for every subtype system.json declares, keyed by its metadata", () => {
    for (const [doc, types] of Object.entries(manifest.documentTypes)) {
      // Region behaviours: core's own types sit beside the system's (namespaced `tactica.`).
      const models = Object.fromEntries(
        Object.entries(registered(doc)).filter(([type]) => doc !== "RegionBehavior" || type.startsWith("tactica.")),
      );
      expect(Object.keys(models).sort(), doc).toEqual(Object.keys(types).sort());
      for (const [type, model] of Object.entries(models)) expect(model.metadata.type).toBe(type);
    }
  });

  it("registers the Tactica document classes", () => {
    const name = (doc: string) => (world.fake.CONFIG[doc] as { documentClass: { name: string } }).documentClass.name;
    expect(["Actor", "Item", "ChatMessage", "ActiveEffect"].map(name)).toEqual([
      "TacticaActor",
      "TacticaItem",
      "TacticaChatMessage",
      "TacticaActiveEffect",
    ]);
  });

  it("keeps the html fields system.json names", () => {
    for (const [doc, types] of Object.entries(manifest.documentTypes)) {
      for (const [type, spec] of Object.entries(types)) {
        for (const field of (spec as { htmlFields?: string[] }).htmlFields ?? []) {
          expect(registered(doc)[type]!.schema.get(field)?.constructor.name, `${doc}.${type}.${field}`).toBe(
            "HTMLField",
          );
        }
      }
    }
  });
});

describe("schemas", () => {
  const allModels = () =>
    Object.values(registered("Actor")).concat(
      Object.values(registered("Item")),
      Object.values(registered("ChatMessage")),
    );

  it("give every field a label in fr and en through LOCALIZATION_PREFIXES", () => {
    const missing: string[] = [];
    for (const model of allModels()) {
      for (const field of modelFields(model)) {
        const keys = model.LOCALIZATION_PREFIXES.map((prefix) => fieldKey(prefix, field, "label"));
        if (!keys.some((k) => fr.has(k))) missing.push(`fr ${model.metadata.type}.${field.fieldPath}`);
        if (!keys.some((k) => en.has(k))) missing.push(`en ${model.metadata.type}.${field.fieldPath}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("are localised on i18nInit, as Foundry does", () => {
    const schema = registered("Actor").character!.schema;
    expect(schema.getField("willpower.value")?.label).toBe("Points de Volonté");
    expect(schema.getField("profile.mou.pressure")?.label).toBe("Bonus de pression sur MOU");
    expect(registered("Item").weapon!.schema.getField("subAptitude")?.hint).toMatch(/catégorie/);
  });

  it("bound every number: integer, min and max", () => {
    const loose: string[] = [];
    for (const model of allModels()) {
      for (const field of modelFields(model)) {
        if (!(field instanceof NumberField)) continue;
        if (!field.integer || field.min === undefined || field.max === undefined)
          loose.push(`${model.metadata.type}.${field.fieldPath}`);
      }
    }
    expect(loose).toEqual([]);
  });

  it("restrict closed sets with choices (rules keys)", () => {
    const choices = (type: string, path: string) =>
      (registered("Item")[type]!.schema.getField(path) as StringField).choices;
    expect(choices("weapon", "subAptitude")).toEqual(["", ...rules.SUB_APTITUDE_KEYS]);
    expect(choices("weapon", "attributes.element.key")).toEqual([...rules.ATTRIBUTE_KEYS]);
    expect(choices("weapon", "range")).toEqual(["melee", "ranged"]);
    expect(choices("power", "resist")).toEqual(["", "for", "end", "co"]);
    expect(choices("gear", "pressureTarget")).toEqual(["", "mou", "ini", "att", "def", "peur"]);
  });

  it("build a valid default source for every subtype", () => {
    for (const model of allModels()) {
      const source = model.cleanData({});
      expect(model.validationFailures(source), model.metadata.type).toEqual([]);
    }
  });

  it("state the bounds RULES.md gives", () => {
    const field = (path: string) => registered("Actor").character!.schema.getField(path) as NumberField;
    expect([field("willpower.value").min, field("willpower.value").max]).toEqual([0, 10]);
    expect([field("psyker.mastery").min, field("psyker.mastery").max]).toEqual([0, 4]);
    expect(field("pushMax").initial).toBe(1);
    const level = registered("Item").power!.schema.getField("level") as NumberField;
    expect([level.min, level.max]).toEqual([1, 8]);
  });
});

/** A character with every derived value in play. */
const kara = {
  name: "Kara",
  type: "character",
  system: {
    profile: { mou: { value: 3 }, att: { value: 4 }, co: { value: 7 }, ac: { value: 4 }, pv: { value: 5, max: 10 } },
    aptitudes: {
      puissance: { value: 4, damage: 1 },
      vivacite: { value: 3 },
      volonte: { value: 5, damage: 7 },
      intellect: { value: 3 },
    },
    subAptitudes: {
      force: { value: 2 },
      robustesse: { value: 1 },
      precision: { value: 3 },
      reflexe: { value: 2 },
      vigilance: { value: 1 },
      sangFroid: { value: 2 },
      scholastique: { value: 1 },
    },
    gauges: { disruptif: 1, incendiaire: 0 },
    actions: { spent: 1 },
  },
  items: [
    {
      name: "Épée tronçonneuse",
      type: "weapon",
      system: { range: "melee", weight: "light", origin: "imperium", equipped: true },
    },
    {
      name: "Fusil laser",
      type: "weapon",
      system: { range: "ranged", weight: "light", origin: "imperium", equipped: true, subAptitude: "vigilance" },
    },
    {
      name: "Lance-flammes",
      type: "weapon",
      system: { range: "ranged", weight: "heavy", origin: "imperium", equipped: false },
    },
    { name: "Grenade frag", type: "grenade", system: { quantity: 2 } },
    {
      name: "Carapace",
      type: "armor",
      system: {
        renfort: 3,
        adaptiveBonus: 1,
        equipped: true,
        attributes: [{ key: "resistant", kind: "incendiary", y: 2 }],
      },
    },
    { name: "Champ réfracteur", type: "forceField", system: { renfort: { value: 2, max: 4 }, active: true } },
  ],
  effects: [
    { name: "Pression MOU", changes: [{ key: "system.profile.mou.pressure", value: "2", mode: 4 }] },
    { name: "Pression MOU (dé 5)", changes: [{ key: "system.profile.mou.pressure", value: "3", mode: 4 }] },
  ],
};

describe("derived values of a character equal the rules functions", () => {
  it("computes current aptitudes, scores, build totals, armour, pressure and morale", async () => {
    const actor = await world.createActor(kara);
    const system = actor.system as InstanceType<LoadedWorld["models"]["CharacterModel"]>;
    const current = (v: number, d: number) => rules.aptitudeCurrent(v, d);
    expect(system.aptitudes.puissance.current).toBe(current(4, 1));
    expect(system.aptitudes.volonte.current).toBe(current(5, 7));
    const viv = current(3, 0);
    expect(system.defence).toEqual({
      melee: rules.score(viv, 2),
      ranged: rules.score(viv, 1),
      terrifying: rules.score(current(5, 7), 2),
    });
    expect(rules.defenceSubAptitude({ ranged: true, terrifying: true })).toBe("sangFroid");
    expect(system.reflection.grenade).toBe(rules.score(current(3, 0), 1));
    expect(system.reflection.motivate).toBe(rules.score(current(5, 7), 0));
    const attacks = Object.fromEntries(system.attacks.map((a) => [a.name, a]));
    expect(Object.keys(attacks)).toEqual(["Épée tronçonneuse", "Fusil laser", "Grenade frag"]);
    expect(attacks["Épée tronçonneuse"]).toMatchObject({
      subAptitude: rules.attackSubAptitude({ range: "melee", weight: "light", origin: "imperium" }),
      score: rules.score(current(4, 1), 2),
    });
    expect(attacks["Fusil laser"]).toMatchObject({ subAptitude: "vigilance", score: rules.score(viv, 1) });
    expect(attacks["Grenade frag"]).toMatchObject({
      subAptitude: "scholastique",
      score: rules.score(current(3, 0), 1),
    });
    expect(system.build).toEqual(
      rules.buildTotals(
        { puissance: 4, vivacite: 3, volonte: 5, intellect: 3 },
        { force: 2, robustesse: 1, precision: 3, reflexe: 2, vigilance: 1, sangFroid: 2, scholastique: 1 },
      ),
    );
    const target = {
      pv: 5,
      gauges: { disruptif: 1, incendiaire: 0 },
      field: { renfort: 2, max: 4, active: true },
      armour: {
        renfort: 3,
        adaptiveBonus: 1,
        attributes: [{ key: "resistant" as const, kind: "incendiary" as const, y: 2 }],
      },
    };
    expect(system.armour.effective).toBe(rules.thresholdArmour(target));
    expect(system.armour.field).toMatchObject({ value: 2, max: 4, active: true });
    expect(system.pressureBonus.mou).toBe(rules.highestPressureBonus([2, 3]));
    expect(system.profile.mou.total).toBe(3 + rules.highestPressureBonus([2, 3]));
    expect(system.profile.att.total).toBe(4);
    expect(system.actions.remaining).toBe(3);
    expect(system.moraleTriggered).toBe(rules.moraleTriggered({ start: 10, current: 5 }));
    expect(system.gainsWillpower).toBe(true);
  });

  it("follows its items: unequipping a weapon removes its attack score", async () => {
    const actor = await world.createActor(kara);
    const sword = actor.items.getName("Épée tronçonneuse")!;
    await sword.update({ system: { equipped: false } });
    const system = actor.system as InstanceType<LoadedWorld["models"]["CharacterModel"]>;
    expect(system.attacks.map((a) => a.name)).toEqual(["Fusil laser", "Grenade frag"]);
    const stored = (sourceOf(actor).items as { name: string; system: { equipped: boolean } }[]).find(
      (i) => i.name === "Épée tronçonneuse",
    );
    expect(stored?.system.equipped).toBe(false);
  });

  it("an NPC never gains WP (D-9), by type", async () => {
    const npc = await world.createActor({ name: "Sergent", type: "npc" });
    expect(systemAs<{ gainsWillpower: boolean }>(npc).gainsWillpower).toBe(false);
  });
});

describe("derived values of a unit equal the rules functions", () => {
  it("uses the highest CO in the unit (D-17) and the strength for morale", async () => {
    const unit = await world.createActor({
      name: "Escouade",
      type: "unit",
      system: { profile: { co: { value: 6 } }, leaderCo: 8, strength: { start: 10, current: 5 } },
    });
    const system = unit.system as InstanceType<LoadedWorld["models"]["UnitModel"]>;
    expect(system.coForTests).toBe(rules.unitCommand([6, 8]));
    expect(system.moraleTriggered).toBe(rules.moraleTriggered({ start: 10, current: 5 }));
    await unit.update({ system: { strength: { current: 6 }, leaderCo: null } });
    expect((unit.system as typeof system).moraleTriggered).toBe(rules.moraleTriggered({ start: 10, current: 6 }));
    expect((unit.system as typeof system).coForTests).toBe(6);
  });
});

describe("weapons", () => {
  it("get the sub-aptitude the rules propose on creation (D-23) and derive their FOR with pressure", async () => {
    const axe = await world.createItem({
      name: "Hache énergétique",
      type: "weapon",
      system: { weight: "heavy", origin: "mars", strength: 3, pressure: 2 },
    });
    const system = axe!.system as InstanceType<LoadedWorld["models"]["WeaponModel"]>;
    expect(system.subAptitude).toBe(rules.attackSubAptitude({ range: "melee", weight: "heavy", origin: "mars" }));
    expect(system.proposedSubAptitude).toBe("technoMaitrise");
    expect(system.strengthTotal).toBe(5);
  });
});

describe("bounds: bad input refused before Foundry cleans it, with a localised message (security review §3.1)", () => {
  it("refuses a bad choice and a value that is not a number, naming the field, changing nothing", async () => {
    const actor = await world.createActor(kara);
    const weapon = (await world.createItem({ name: "Fusil", type: "weapon" }))!;
    const before = [sourceOf(actor), sourceOf(weapon)];
    const writes = world.data.db.writes.length;
    const errors = await world.errorsDuring(async () => {
      expect(await updateUntyped(weapon, { system: { range: "far" } })).toBeUndefined();
      expect(await updateUntyped(actor, { "system.willpower.value": "beaucoup" })).toBeUndefined();
      // D-41: the morale state is no stored value any more; an update that sets one is refused.
      expect(await updateUntyped(actor, { system: { morale: { state: "fleeing" } } })).toBeUndefined();
    });
    expect(errors).toEqual([
      'Portée\u00a0: "far" n\'est pas une valeur possible.',
      'Points de Volonté doit être un nombre entier (reçu\u00a0: "beaucoup").',
      "«\u00a0system.morale.state\u00a0» n'existe plus\u00a0: mise à jour refusée. Une arme fait autant de dégâts que sa FOR\u202f; l'état de moral est la condition de l'acteur (Panique, Retraite, Terreur).",
    ]);
    expect([sourceOf(actor), sourceOf(weapon)]).toEqual(before);
    expect(world.data.db.writes.length).toBe(writes);
  });

  it("refuses a force field above its full renfort and a malformed attribute, in the user's words", async () => {
    const field = await world.createItem({
      name: "Champ",
      type: "forceField",
      system: { renfort: { value: 1, max: 3 } },
    });
    const gun = await world.createItem({ name: "Fusil", type: "weapon" });
    const errors = await world.errorsDuring(async () => {
      expect(await field!.update({ system: { renfort: { value: 4 } } })).toBeUndefined();
      expect(await gun!.update({ system: { attributes: [{ key: "range", x: 4, y: 2 }] } } as never)).toBeUndefined();
    });
    expect(errors).toEqual([
      "Le renfort actuel (4) ne peut pas dépasser le renfort total (3).",
      "Portée Y\u00a0: valeur attendue de 4 à +∞ (reçu\u00a0: 2).",
    ]);
    expect(systemAs<{ renfort: unknown }>(field).renfort).toEqual({ value: 1, max: 3 });
    expect(systemAs<{ attributes: unknown[] }>(gun).attributes).toEqual([]);
  });

  it("never clamps or rounds silently: WP 12 and Épuisement 2.6 are refused, nothing written", async () => {
    const actor = await world.createActor({ name: "Kara", type: "character" });
    const before = sourceOf(actor);
    const errors = await world.errorsDuring(async () => {
      expect(await actor.update({ system: { willpower: { value: 12 } } })).toBeUndefined();
      expect(await actor.update({ system: { exhaustion: 2.6 } })).toBeUndefined();
    });
    expect(errors).toEqual([
      "Points de Volonté\u00a0: valeur attendue de 0 à 10 (reçu\u00a0: 12).",
      "Épuisement doit être un nombre entier (reçu\u00a0: 2.6).",
    ]);
    expect(sourceOf(actor)).toEqual(before);
  });
});
