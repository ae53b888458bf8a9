import { beforeEach, describe, expect, it, vi } from "vitest";
import { asGM, loadWorld, sourceOf, systemAs, updateUntyped, type LoadedWorld } from "./world";
import { oldWorld, withStoredWorld } from "./data-fixtures";
import { setFakeGeneration } from "./fake-generation";
import { ForcedReplacement } from "./fake-operators";
import { changeRefusal } from "../../src/data/change-checks";
import { SCHEMA_VERSION } from "../../src/data/migration/steps";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaItem } from "../../src/documents/item";

// Bad input sent through a document update — every kind of attribute entry a client can write
// (§3.1 below) — and the world migration scenarios G1–G3. Each bad input
// is refused with a localised message and changes nothing (no write, source as before); what is
// accepted is said so, with what is stored.

type Data = Record<string, unknown>;

let world: LoadedWorld;
let actor: TacticaActor;
let gun: TacticaItem;

beforeEach(async () => {
  world = await loadWorld("fr");
  actor = await world.createActor({
    name: "Kara",
    type: "character",
    system: { profile: { pv: { value: 8, max: 10 } }, willpower: { value: 4 } },
  });
  gun = (await world.createItem({ name: "Fusil", type: "weapon", system: { attributes: "Incendiaire 2" } }))!;
});

/**
 * Sends `change` to `doc`, expecting a refusal: resolves undefined, one localised error, no write, source unchanged.
 */
async function expectRefused(doc: unknown, change: Data, message: string): Promise<void> {
  const before = sourceOf(doc);
  let writes: unknown[] = [];
  let result: unknown;
  const errors = await world.errorsDuring(async () => {
    writes = await world.writesDuring(async () => {
      result = await updateUntyped(doc, change);
    });
  });
  expect(result).toBeUndefined();
  expect(errors).toEqual([message]);
  expect(writes).toEqual([]);
  expect(sourceOf(doc)).toEqual(before);
}

describe("§3.1 bad input on an actor: refused, localised, nothing written", () => {
  const cases: [string, Data, string][] = [
    [
      "pv.value NaN",
      { "system.profile.pv.value": Number.NaN },
      "PV actuels doit être un nombre entier (reçu\u00a0: NaN).",
    ],
    [
      'pv.value "abc"',
      { "system.profile.pv.value": "abc" },
      'PV actuels doit être un nombre entier (reçu\u00a0: "abc").',
    ],
    [
      "pv.value -4 (no silent clamp to 0)",
      { "system.profile.pv.value": -4 },
      "PV actuels\u00a0: valeur attendue de 0 à 999 (reçu\u00a0: -4).",
    ],
    [
      "pv.value 1e12 (no silent clamp to 999)",
      { "system.profile.pv.value": 1e12 },
      "PV actuels\u00a0: valeur attendue de 0 à 999 (reçu\u00a0: 1000000000000).",
    ],
    [
      "willpower Infinity (no silent 10)",
      { "system.willpower.value": Number.POSITIVE_INFINITY },
      "Points de Volonté doit être un nombre entier (reçu\u00a0: Infinity).",
    ],
    [
      "willpower 2.6 (no silent rounding)",
      { "system.willpower.value": 2.6 },
      "Points de Volonté doit être un nombre entier (reçu\u00a0: 2.6).",
    ],
    [
      "willpower null (no silent 0)",
      { "system.willpower.value": null },
      "Points de Volonté doit être un nombre entier (reçu\u00a0: null).",
    ],
    [
      "pv.value 50 with pv.max 10",
      { "system.profile.pv": { value: 50, max: 10 } },
      "Les PV actuels (50) ne peuvent pas dépasser les PV de départ (10).",
    ],
    [
      "pv.value above the stored max",
      { "system.profile.pv.value": 11 },
      "Les PV actuels (11) ne peuvent pas dépasser les PV de départ (10).",
    ],
    [
      "pv.max below the current value",
      { "system.profile.pv.max": 5 },
      "Les PV actuels (8) ne peuvent pas dépasser les PV de départ (5).",
    ],
    [
      'morale.state "berserk" (D-41: no stored state)',
      { "system.morale.state": "berserk" },
      "«\u00a0system.morale.state\u00a0» n'existe plus\u00a0: mise à jour refusée. Une arme fait autant de dégâts que sa FOR\u202f; l'état de moral est la condition de l'acteur (Panique, Retraite, Terreur).",
    ],
    [
      "profile.pv: 7 (an old data shape, which migrateData would read as PV 7 of 7)",
      { "system.profile.pv": 7 },
      "«\u00a0system.profile\u00a0» est écrit dans une forme ancienne\u00a0: mise à jour refusée.",
    ],
  ];
  for (const [name, change, message] of cases) {
    it(name, async () => expectRefused(actor, change, message));
  }

  it("an embedded item's bad number inside an actor update (one write path for damage) is refused too", async () => {
    const armoured = await world.createActor({
      name: "Brann",
      type: "character",
      items: [{ name: "Carapace", type: "armor", system: { renfort: 2 } }],
    });
    const armour = armoured.items.getName("Carapace")!;
    await expectRefused(
      armoured,
      { items: [{ _id: armour.id, system: { renfort: 500 } }] },
      "Renfort\u00a0: valeur attendue de 0 à 99 (reçu\u00a0: 500).",
    );
    await expectRefused(
      armoured,
      { items: [{ _id: armour.id, "system.renfort": -1 }] },
      "Renfort\u00a0: valeur attendue de 0 à 99 (reçu\u00a0: -1).",
    );
  });
});

describe("§3.1 input Foundry handles cleanly on its own: accepted, as the review found", () => {
  it('pv.value "5" is cast to 5', async () => {
    await updateUntyped(actor, { "system.profile.pv.value": "5" });
    expect(systemAs<{ profile: { pv: unknown } }>(actor).profile.pv).toMatchObject({ value: 5, max: 10 });
  });

  it("an unknown key and system: {} change nothing and write nothing", async () => {
    const before = sourceOf(actor);
    for (const change of [{ "system.hacked": true }, { system: {} }]) {
      const writes = await world.writesDuring(() => updateUntyped(actor, change));
      expect(writes, JSON.stringify(change)).toEqual([]);
    }
    // The unknown key is not smuggled into the flags either.
    expect(sourceOf(actor)).toEqual(before);
  });
});

describe("§3.1 attribute text in an update: one parse path, refused with the parser's message, the list never wiped", () => {
  const cases: [string, string][] = [
    ["Portée -3", "«\u00a0-\u00a0» n'est pas compris."],
    ["Portée 4-2", "Portée Y\u00a0: valeur attendue de 4 à +∞ (reçu\u00a0: 2)."],
    ["Portée 2, Portée 3", "«\u00a0Portée 3\u00a0» répète un attribut déjà présent."],
    ["Tectonique 9", "Tectonique X\u00a0: valeur attendue de 0 à 5 (reçu\u00a0: 9)."],
    ["Imprécis", "«\u00a0Imprécis\u00a0» attend une valeur."],
    ["Incendiaire 1e9", "«\u00a0e\u00a0» n'est pas compris."],
    ["Portée 2 <b>x</b>", "«\u00a0<\u00a0» n'est pas compris."],
  ];
  for (const [text, message] of cases) {
    it(`"${text}"`, async () => expectRefused(gun, { "system.attributes": text }, message));
  }

  it("the same text inside an actor's update of its item is refused the same way", async () => {
    const owner = await world.createActor({
      name: "Brann",
      type: "character",
      items: [{ name: "Fusil", type: "weapon", system: { attributes: "Portée 2-4" } }],
    });
    const item = owner.items.getName("Fusil")!;
    await expectRefused(
      owner,
      { items: [{ _id: item.id, system: { attributes: "Portée 2, Explosif 3" } }] },
      "«\u00a0Explosif\u00a0» n'est pas compris.",
    );
  });

  it('"Requis 🟦 10" is accepted; "" and "   " on an item without attributes write nothing', async () => {
    await updateUntyped(gun, { "system.attributes": "Requis 🟦 10" });
    expect(systemAs<{ attributeList: unknown[] }>(gun).attributeList).toEqual([
      { key: "requires", aptitude: "intellect", x: 10 },
    ]);
    const bare = (await world.createItem({ name: "Bâton", type: "weapon" }))!;
    for (const text of ["", "   "])
      expect(await world.writesDuring(() => updateUntyped(bare, { "system.attributes": text }))).toEqual([]);
  });
});

describe("§3.1 attribute entries written directly", () => {
  it("a malformed entry ({range, x:4, y:2}) is refused in French, not with core's English validation error", async () => {
    await expectRefused(
      gun,
      { system: { attributes: [{ key: "range", x: 4, y: 2 }] } },
      "Portée Y\u00a0: valeur attendue de 4 à +∞ (reçu\u00a0: 2).",
    );
  });

  it("two entries of one attribute are refused (never summed)", async () => {
    const entry = { key: "incendiary", x: 2 };
    await expectRefused(
      gun,
      { system: { attributes: [entry, { ...entry, x: 3 }] } },
      "«\u00a0Incendiaire 3\u00a0» répète un attribut déjà présent.",
    );
  });

  it("creating an item with a repeated attribute is refused, nothing created", async () => {
    const errors = await world.errorsDuring(async () => {
      const writes = await world.writesDuring(async () => {
        expect(
          await world.createItem({
            name: "Double",
            type: "weapon",
            system: {
              attributes: [
                { key: "incendiary", x: 1 },
                { key: "incendiary", x: 1 },
              ],
            },
          }),
        ).toBeUndefined();
      });
      expect(writes).toEqual([]);
    });
    expect(errors).toEqual(["«\u00a0Incendiaire 1\u00a0» répète un attribut déjà présent."]);
  });

  it("stored data with a repeated or malformed attribute loads (the item stays on its actor), the first entry kept, never summed (M20)", async () => {
    const stored = {
      actors: [
        {
          _id: "storedActor00001",
          name: "Brann",
          type: "character",
          system: {},
          items: [
            {
              _id: "storedItem000001",
              name: "Lance-flammes",
              type: "weapon",
              system: {
                attributes: [
                  { key: "incendiary", x: 2 },
                  { key: "incendiary", x: 3 },
                  { key: "range", x: 4, y: 2 },
                ],
              },
            },
          ],
        },
      ],
      items: [],
    };
    const loaded = await loadWorld("fr", withStoredWorld(stored, "player-1"));
    const brann = [...(loaded.fake.game.actors as Iterable<TacticaActor>)][0]!;
    const flamer = brann.items.get("storedItem000001")!;
    expect(flamer).toBeDefined();
    expect(systemAs<{ attributeList: unknown[] }>(flamer).attributeList).toEqual([{ key: "incendiary", x: 2 }]);
    expect(sourceOf(flamer).flags).toMatchObject({
      tactica: {
        legacy: {
          duplicateAttributes: [{ key: "incendiary", x: 3 }],
          invalidAttributes: [{ key: "range", x: 4, y: 2 }],
        },
      },
    });
  });
});

/* ------------------------------------------------------------------------------------------ */
/*  Migration scenarios G1–G3                                     */
/* ------------------------------------------------------------------------------------------ */

const schemaVersion = (w: LoadedWorld) => w.fake.settings.get("tactica", "schemaVersion");
const actorOf = (w: LoadedWorld, id: string) =>
  (w.fake.game.actors as { get(id: string): TacticaActor | undefined }).get(id)!;

describe("security F4, F5: a value of the wrong kind is refused in the system's words, nothing written", () => {
  const NOT_ENTRY = "Une entrée d'attribut est un ensemble de champs (reçu\u00a0: null).";

  for (const type of ["weapon", "armor", "grenade", "gear"] as const) {
    it(`F4: a null attribute entry on a ${type} (no raw TypeError)`, async () => {
      const item = (await world.createItem({ name: "Objet", type, system: {} }))!;
      await expectRefused(item, { system: { attributes: [null] } }, NOT_ENTRY);
      await expectRefused(
        item,
        { system: { attributes: [{ key: "incendiary", x: 1 }, 7] } },
        NOT_ENTRY.replace("null", "7"),
      );
    });
  }

  it("F4: creating an item with a null attribute entry is refused, nothing created", async () => {
    const before = (world.fake.game.items as unknown as { size: number }).size;
    const errors = await world.errorsDuring(async () => {
      expect(await world.createItem({ name: "Objet", type: "weapon", system: { attributes: [null] } })).toBeFalsy();
    });
    expect(errors).toEqual([NOT_ENTRY]);
    expect((world.fake.game.items as unknown as { size: number }).size).toBe(before);
  });

  const MAINTAINED = "Pouvoirs entretenus";
  const cases: [string, Data, string][] = [
    [
      "psyker.maintained ← 5",
      { system: { psyker: { maintained: 5 } } },
      `${MAINTAINED} attend une liste (reçu\u00a0: 5).`,
    ],
    [
      'psyker.maintained ← "shock"',
      { system: { psyker: { maintained: "shock" } } },
      `${MAINTAINED} attend une liste (reçu\u00a0: "shock").`,
    ],
    [
      "psyker.maintained ← null",
      { system: { psyker: { maintained: null } } },
      `${MAINTAINED} ne peut pas être vide (reçu\u00a0: null).`,
    ],
    [
      "psyker.maintained ← [5]",
      { system: { psyker: { maintained: [5] } } },
      "Pouvoir entretenu attend un ensemble de champs (reçu\u00a0: 5).",
    ],
    [
      "psyker.maintained ← [{ powerId: 7 }]",
      { system: { psyker: { maintained: [{ powerId: 7, sinceRound: 1 }] } } },
      "Pouvoir attend un texte (reçu\u00a0: 7).",
    ],
    [
      'psyker.maintained ← [{ sinceRound: "x" }]',
      { system: { psyker: { maintained: [{ powerId: "abc", sinceRound: "x" }] } } },
      expect.stringContaining('doit être un nombre entier (reçu\u00a0: "x").') as unknown as string,
    ],
    ['biography ← 5 (no silent "5")', { system: { biography: 5 } }, "Biographie attend un texte (reçu\u00a0: 5)."],
  ];
  for (const [name, change, message] of cases) {
    it(name, async () => expectRefused(actor, change, message));
  }

  it('an item\'s yes/no and text fields: equipped ← "yes" (no silent false), description ← {}, attributes ← 5', async () => {
    await expectRefused(gun, { system: { equipped: "yes" } }, 'Équipé attend oui ou non (reçu\u00a0: "yes").');
    await expectRefused(gun, { system: { linked: 1 } }, "Relié à la chaudière attend oui ou non (reçu\u00a0: 1).");
    await expectRefused(gun, { system: { description: {} } }, "Description attend un texte (reçu\u00a0: {}).");
    await expectRefused(gun, { system: { attributes: 5 } }, "Attributs attend une liste (reçu\u00a0: 5).");
  });

  it('a power\'s range ← 12 and effect ← [] are refused (no silent "12")', async () => {
    const power = (await world.createItem({ name: "Choc", type: "power", system: { level: 2 } }))!;
    await expectRefused(power, { system: { range: 12 } }, "Portée attend un texte (reçu\u00a0: 12).");
    await expectRefused(
      power,
      { system: { effect: [] } },
      expect.stringContaining("attend un texte (reçu\u00a0: [])") as never,
    );
  });

  it('a unit\'s banner ← "no" and a choir\'s power ← 3 are refused; true, "false" and a text are taken', async () => {
    const unit = await world.createActor({ name: "Escouade", type: "unit" });
    await expectRefused(unit, { system: { banner: "no" } }, 'Bannière attend oui ou non (reçu\u00a0: "no").');
    await expectRefused(
      unit,
      { system: { choir: { powerId: 3 } } },
      "Pouvoir du chœur attend un texte (reçu\u00a0: 3).",
    );
    await updateUntyped(unit, { system: { banner: true, choir: { powerId: "abc" } } });
    expect(systemAs<{ banner: boolean; choir: { powerId: string } }>(unit)).toMatchObject({
      banner: true,
      choir: { powerId: "abc" },
    });
    await updateUntyped(unit, { system: { banner: "false" } });
    expect(systemAs<{ banner: boolean }>(unit).banner).toBe(false);
  });

  it("a well-formed list of maintained powers is taken", async () => {
    await updateUntyped(actor, { system: { psyker: { maintained: [{ powerId: "abc", sinceRound: 2 }] } } });
    expect(systemAs<{ psyker: { maintained: unknown[] } }>(actor).psyker.maintained).toEqual([
      { powerId: "abc", sinceRound: 2 },
    ]);
  });

  it("a list keyed by index (form data's shape) is checked entry by entry and read by core as a list", async () => {
    const keyed = { "0": { powerId: "abc", sinceRound: 2 }, "1": { powerId: "def", sinceRound: null } };
    await updateUntyped(actor, { system: { psyker: { maintained: keyed } } });
    expect(systemAs<{ psyker: { maintained: unknown[] } }>(actor).psyker.maintained).toEqual([
      { powerId: "abc", sinceRound: 2 },
      { powerId: "def", sinceRound: null },
    ]);
    await expectRefused(
      actor,
      { system: { psyker: { maintained: { "0": { powerId: 7, sinceRound: 1 } } } } },
      "Pouvoir attend un texte (reçu\u00a0: 7).",
    );
  });

  it("a list keyed by index AND by name is refused, where core would drop the named keys (docs/rules-decisions.md)", async () => {
    await expectRefused(
      actor,
      { system: { psyker: { maintained: { "0": { powerId: "abc", sinceRound: 2 }, extra: { powerId: "def" } } } } },
      expect.stringContaining(`${MAINTAINED} attend une liste`) as unknown as string,
    );
  });
});

describe("v14's ForcedReplacement (`_replace`): the value it writes is checked as if written bare", () => {
  beforeEach(async () => {
    world = await loadWorld("fr", (fake) => setFakeGeneration(fake, 14));
    actor = await world.createActor({ name: "Kara", type: "character" });
  });

  const schema = () => (actor.system as unknown as { schema: Parameters<typeof changeRefusal>[0] }).schema;

  it("a bad value wrapped in a replacement is refused in the system's words, nothing written", async () => {
    await expectRefused(
      actor,
      { system: { psyker: { maintained: new ForcedReplacement(5) } } },
      "Pouvoirs entretenus attend une liste (reçu\u00a0: 5).",
    );
    expect(changeRefusal(schema(), new ForcedReplacement({ psyker: { maintained: 5 } }))).toMatchObject({
      key: "TACTICA.Errors.Field.NotList",
    });
  });

  it("a good value wrapped in a replacement passes the checks", () => {
    const good = new ForcedReplacement([{ powerId: "abc", sinceRound: 2 }]);
    expect(changeRefusal(schema(), { psyker: { maintained: good } })).toBeNull();
    expect(changeRefusal(schema(), new ForcedReplacement({ psyker: { maintained: [] } }))).toBeNull();
  });
});

describe("G1: half-migrated data", () => {
  it("reads both shapes, keeps the old value beside the new one, and writes the result", async () => {
    const half = {
      actors: [
        {
          _id: "halfActor0000001",
          name: "Moitié",
          type: "character",
          system: {
            profile: { pv: { value: 6, max: 9 }, mou: 4, att: { value: 5, pressure: 1 } },
            aptitudes: { puissance: { value: 4, damage: 1 }, vivacite: 3 },
            exhaustion: 1,
            epuisement: 5,
          },
        },
      ],
      items: [],
    };
    const w = await loadWorld("fr", withStoredWorld(half));
    await vi.waitFor(() => expect(schemaVersion(w)).toBe(SCHEMA_VERSION));
    const moitie = actorOf(w, "halfActor0000001");
    expect(sourceOf(moitie).system).toMatchObject({
      profile: { pv: { value: 6, max: 9 }, mou: { value: 4 }, att: { value: 5, pressure: 1 } },
      aptitudes: { puissance: { value: 4, damage: 1 }, vivacite: { value: 3, damage: 0 } },
      exhaustion: 1,
    });
    expect(sourceOf(moitie).flags).toEqual({ tactica: { legacy: { epuisement: 5 } } });
    const write = w.data.db.writes.find((x) => x.ids[0] === "halfActor0000001")!.data[0]!;
    expect(Object.keys(write.system as object).sort()).toEqual(["aptitudes", "profile"]);
  });
});

describe("G2: the migration never writes stale data", () => {
  it("an edit made after the world loaded and before the GM's migration is not reverted", async () => {
    const w = await loadWorld("fr", withStoredWorld(oldWorld(), "player-1"));
    const veteran = actorOf(w, "oldActor00000001");
    // The player owns the character they edit (the server refuses anyone else's edit).
    await asGM(w.data, () => veteran.update({ ownership: { default: 0, "player-1": 3 } } as never));
    await veteran.update({ system: { willpower: { value: 9 }, profile: { pv: { value: 2 } } } });
    w.data.setUser("gm-1");
    const { migrateWorld } = await import("../../src/migrations/index");
    await migrateWorld();
    expect(systemAs<{ willpower: unknown; profile: { pv: unknown } }>(veteran).willpower).toEqual({ value: 9 });
    expect(systemAs<{ profile: { pv: unknown } }>(veteran).profile.pv).toMatchObject({ value: 2, max: 8 });
    const write = w.data.db.writes.filter((x) => x.ids[0] === "oldActor00000001").at(-1)!.data[0]!;
    expect(write.system).toMatchObject({ willpower: { value: 9 }, profile: { pv: { value: 2, max: 8 } } });
  });

  it("a forced second run in the same load writes nothing, so WP 9 and PV 2 stay", async () => {
    const w = await loadWorld("fr", withStoredWorld(oldWorld()));
    await vi.waitFor(() => expect(schemaVersion(w)).toBe(SCHEMA_VERSION));
    const veteran = actorOf(w, "oldActor00000001");
    await veteran.update({ system: { willpower: { value: 9 }, profile: { pv: { value: 2 } } } });
    const { migrateWorld } = await import("../../src/migrations/index");
    expect(await w.writesDuring(() => migrateWorld({ force: true }))).toEqual([]);
    expect(systemAs<{ willpower: unknown }>(veteran).willpower).toEqual({ value: 9 });
    expect(systemAs<{ profile: { pv: unknown } }>(veteran).profile.pv).toMatchObject({ value: 2, max: 8 });
  });
});

describe("G3: a failed write is retried at the next load, and the GM is told", () => {
  it("the names of the documents that failed are shown as typed, never as markup", async () => {
    const stored = oldWorld();
    stored.actors[0]!.name = "<b>Vétéran</b> <img src=x onerror=alert(1)>";
    const world = await loadWorld("fr", (fake) => {
      withStoredWorld(stored)(fake);
      fake.hooks.on("preUpdateActor", (doc: unknown) =>
        (doc as { id: string }).id === "oldActor00000001" ? false : undefined,
      );
    });
    await vi.waitFor(() => expect(world.data.notifications.of("error")).toHaveLength(1));
    expect(world.data.notifications.of("error")[0]).toContain(
      "échec pour\u00a0: <b>Vétéran</b> <img src=x onerror=alert(1)>. Ces documents",
    );
  });

  it("the version is not recorded when a document failed; the next load writes it and records the version", async () => {
    const first = await loadWorld("fr", (fake) => {
      withStoredWorld(oldWorld())(fake);
      // The server refuses the veteran's write this time.
      fake.hooks.on("preUpdateActor", (doc: unknown) =>
        (doc as { id: string }).id === "oldActor00000001" ? false : undefined,
      );
    });
    await vi.waitFor(() => expect(first.data.notifications.of("error")).toHaveLength(1));
    expect(schemaVersion(first)).toBe(0);
    expect(first.data.notifications.of("error")[0]).toBe(
      "Mise à jour des données Tactica incomplète. Documents mis à jour\u00a0: 5\u202f; échec pour\u00a0: Vétéran. Ces documents gardent leurs anciennes données et seront repris au prochain chargement du monde. Détails dans la console (F12).",
    );
    // What the server stored: the others migrated, the veteran still in its old shape.
    const stored = oldWorld();
    const next = await loadWorld("fr", withStoredWorld({ actors: [stored.actors[0]!], items: [] }));
    await vi.waitFor(() => expect(schemaVersion(next)).toBe(SCHEMA_VERSION));
    // Its write, then (D-41) the condition of its stored morale state, an effect of its own.
    expect(next.data.db.writes.map((x) => `${x.action} ${x.documentName} ${x.parentId ?? x.ids[0]}`)).toEqual([
      "update Actor oldActor00000001",
      "create ActiveEffect oldActor00000001",
    ]);
    expect(next.data.notifications.of("info").at(-1)).toBe("Données Tactica à jour. Documents mis à jour\u00a0: 1.");
  });
});
