import { beforeEach, describe, expect, it } from "vitest";
import { loadWorld, sourceOf, systemAs, updateUntyped, type LoadedWorld } from "./world";
import * as rules from "../../src/rules/index";
import type { TacticaActor } from "../../src/documents/actor";

// The document operations of the data layer, on the real entry in the Foundry fake: each user
// action writes once, refused input changes nothing and says why in the user's language.

let world: LoadedWorld;
beforeEach(async () => {
  world = await loadWorld();
});

const trooper = {
  name: "Soldat",
  type: "character",
  system: {
    profile: { pv: { value: 10, max: 10 }, ac: { value: 4 } },
    gauges: { disruptif: 1, incendiaire: 0 },
    exhaustion: 2,
  },
  items: [
    {
      name: "Carapace",
      type: "armor",
      system: {
        renfort: 3,
        equipped: true,
        attributes: [
          { key: "adaptive", x: 1 },
          { key: "resistant", kind: "incendiary", y: 1 },
        ],
      },
    },
    { name: "Champ", type: "forceField", system: { renfort: { value: 2, max: 2 }, active: true } },
  ],
};

type CharacterSystem = InstanceType<LoadedWorld["models"]["CharacterModel"]>;
const systemOf = (actor: TacticaActor) => actor.system as CharacterSystem;
const itemSystem = (actor: TacticaActor, name: string) =>
  actor.items.getName(name)!.system as unknown as Record<string, unknown>;

describe("applyDamage", () => {
  it("runs the rules pipeline and writes actor and worn items in ONE update", async () => {
    const actor = await world.createActor(trooper);
    const attack = {
      damage: 9,
      attributes: [
        { key: "incendiary" as const, x: 2 },
        { key: "penetrating" as const, x: 1 },
      ],
    };
    const expected = rules.applyDamage({
      damage: 9,
      attack: attack.attributes,
      target: {
        pv: 10,
        gauges: { disruptif: 1, incendiaire: 0 },
        field: { renfort: 2, max: 2, active: true },
        armour: {
          renfort: 3,
          adaptiveBonus: 0,
          attributes: [
            { key: "adaptive", x: 1 },
            { key: "resistant", kind: "incendiary", y: 1 },
          ],
        },
      },
    });
    let result: unknown;
    const writes = await world.writesDuring(async () => {
      result = await actor.applyDamage(attack);
    });
    expect(result).toEqual(expected);
    // One write per document: the actor (worn items embedded in the same update). Crossing the
    // 50 % line also posts the morale prompt, a write of another document (a chat message).
    const actorWrites = writes.filter((w) => w.documentName === "Actor");
    expect(actorWrites).toHaveLength(1);
    expect(actorWrites[0]).toMatchObject({ action: "update", documentName: "Actor" });
    expect(writes.filter((w) => w.documentName !== "Actor" && w.documentName !== "ChatMessage")).toEqual([]);
    expect(systemOf(actor).profile.pv.value).toBe(expected.target.pv);
    expect(systemOf(actor).gauges).toEqual(expected.target.gauges);
    expect(itemSystem(actor, "Carapace").adaptiveBonus).toBe(expected.target.armour!.adaptiveBonus);
    expect(itemSystem(actor, "Champ")).toMatchObject({ renfort: { value: 0, max: 2 }, disabled: true });
    // Derived data follows: the field is down, the armour counts its new Adaptatif bonus.
    expect(systemOf(actor).armour.field).toMatchObject({ value: 0, active: false });
  });

  it("refuses a bad hit with a localised message and changes nothing", async () => {
    const actor = await world.createActor(trooper);
    const before = sourceOf(actor);
    let writes: unknown[] = [];
    const errors = await world.errorsDuring(async () => {
      writes = await world.writesDuring(async () =>
        expect(await actor.applyDamage({ damage: -2, attributes: [] })).toBeNull(),
      );
    });
    expect(errors).toEqual(["damage\u00a0: valeur attendue de 0 à +∞ (reçu\u00a0: -2)."]);
    expect(writes).toEqual([]);
    expect(sourceOf(actor)).toEqual(before);
  });
});

describe("conditions", () => {
  it("sets and clears Tactica's status effects through toggleStatusEffect", async () => {
    const actor = await world.createActor(trooper);
    expect(await actor.setCondition("panicked", true)).toBe(true);
    expect(await actor.setCondition("panicked", true)).toBe(true);
    expect(actor.effects.filter((e) => e.statuses.has("panicked"))).toHaveLength(1);
    expect(actor.effects.contents[0]!.name).toBe("Panique");
    expect(await actor.setCondition("panicked", false)).toBe(false);
    expect(actor.statuses.has("panicked")).toBe(false);
  });
});

describe("spendActions", () => {
  it("spends AC of the activation in one write", async () => {
    const actor = await world.createActor(trooper);
    const writes = await world.writesDuring(async () => expect(await actor.spendActions(3)).toBe(true));
    expect(writes).toHaveLength(1);
    expect(systemOf(actor).actions).toEqual({ spent: 3, remaining: 1 });
  });

  it("refuses to spend more than remains, with a localised message", async () => {
    const actor = await world.createActor(trooper);
    await actor.spendActions(3);
    const before = sourceOf(actor);
    const errors = await world.errorsDuring(async () => expect(await actor.spendActions(2)).toBe(false));
    expect(errors).toEqual(["Soldat n'a plus que 1 AC\u202f; il en faut 2."]);
    expect(sourceOf(actor)).toEqual(before);
  });
});

describe("gainExhaustion", () => {
  it("adds Épuisement in one write and fires tactica.exhaustionGained for Focalisé", async () => {
    const actor = await world.createActor(trooper);
    const heard: unknown[][] = [];
    world.fake.hooks.on("tactica.exhaustionGained", (...args) => void heard.push(args));
    const writes = await world.writesDuring(async () => expect(await actor.gainExhaustion(3)).toBe(5));
    expect(writes).toHaveLength(1);
    expect(systemOf(actor).exhaustion).toBe(5);
    expect(heard).toEqual([[actor, 3]]);
  });

  it("refuses a negative gain and fires nothing", async () => {
    const actor = await world.createActor(trooper);
    const heard: unknown[] = [];
    world.fake.hooks.on("tactica.exhaustionGained", () => void heard.push(1));
    const errors = await world.errorsDuring(async () => expect(await actor.gainExhaustion(-1)).toBeNull());
    expect(errors).toHaveLength(1);
    expect(heard).toEqual([]);
  });
});

describe("attributes typed as text", () => {
  it("are parsed by the rules parser on update", async () => {
    const gun = (await world.createItem({ name: "Fusil", type: "weapon" }))!;
    await updateUntyped(gun, { system: { attributes: "Portée 2-4, Imprécis 1" } });
    const system = gun.system as InstanceType<LoadedWorld["models"]["WeaponModel"]>;
    expect(system.attributeList).toEqual(rules.parseAttributes("Portée 2-4, Imprécis 1"));
  });

  it("are refused, naming the token, when not understood: nothing saved", async () => {
    const gun = (await world.createItem({ name: "Fusil", type: "weapon", system: { attributes: "Portée 3" } }))!;
    const before = sourceOf(gun);
    let writes: unknown[] = [];
    const errors = await world.errorsDuring(async () => {
      writes = await world.writesDuring(() => updateUntyped(gun, { "system.attributes": "Portée 2, Explosif 3" }));
    });
    expect(errors).toEqual(["«\u00a0Explosif\u00a0» n'est pas compris."]);
    expect(writes).toEqual([]);
    expect(sourceOf(gun)).toEqual(before);
  });

  it("are parsed on creation, and an item with unreadable text is not created", async () => {
    const ok = await world.createItem({
      name: "Lance-flammes",
      type: "weapon",
      system: { attributes: "Incendiaire 2; De zone Et Soi" },
    });
    expect(systemAs<{ attributes: unknown[] }>(ok).attributes).toHaveLength(2);
    const errors = await world.errorsDuring(async () => {
      expect(
        await world.createItem({ name: "Bizarre", type: "weapon", system: { attributes: "Requis 🟪 3" } }),
      ).toBeUndefined();
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/🟪/);
    expect(world.fake.game.items).toBeDefined();
  });

  it("can be added and removed one at a time (chips)", async () => {
    const armour = (await world.createItem({
      name: "Carapace",
      type: "armor",
      system: { attributes: "Adaptatif 1" },
    }))!;
    expect(await armour.addAttribute("Résistant Incendiaire 2")).toBe(true);
    expect(await armour.addAttribute("Adaptatif 2")).toBe(true);
    const list = () => (armour.system as InstanceType<LoadedWorld["models"]["ArmorModel"]>).attributeList;
    expect(list()).toEqual([
      { key: "resistant", kind: "incendiary", y: 2 },
      { key: "adaptive", x: 2 },
    ]);
    const errors = await world.errorsDuring(async () => expect(await armour.addAttribute("Gluant 2")).toBe(false));
    expect(errors).toEqual(["«\u00a0Gluant\u00a0» n'est pas compris."]);
    await armour.removeAttribute(0);
    expect(list()).toEqual([{ key: "adaptive", x: 2 }]);
  });
});

describe("permissions", () => {
  it("the fake's ownership map: a player owns only what is given to them", async () => {
    world.data.setUser("player-1");
    const mine = await world.createActor({ name: "A", type: "character", ownership: { "player-1": 3 } });
    const theirs = await world.createActor({ name: "B", type: "character" });
    expect(mine.isOwner).toBe(true);
    expect(theirs.isOwner).toBe(false);
    world.data.setUser("gm-1");
    expect(theirs.isOwner).toBe(true);
  });
});

describe("prototype tokens of new actors (review M5, M11)", () => {
  const token = (actor: unknown) => (sourceOf(actor).prototypeToken ?? {}) as Record<string, unknown>;

  it("a new player character's token is linked, friendly and sees", async () => {
    const pc = await world.createActor({ name: "Kara", type: "character" });
    expect(token(pc)).toMatchObject({ actorLink: true, disposition: 1, sight: { enabled: true } });
  });

  it("an NPC and a unit keep core's defaults (unlinked, hostile)", async () => {
    const npc = await world.createActor({ name: "Sergent", type: "npc" });
    const unit = await world.createActor({ name: "Escouade", type: "unit" });
    for (const actor of [npc, unit])
      expect(token(actor)).toMatchObject({ actorLink: false, disposition: -1, sight: { enabled: false } });
  });

  it("what the creation data says about the token is kept (a duplicate, an import)", async () => {
    const pc = await world.createActor({
      name: "Kara",
      type: "character",
      prototypeToken: { actorLink: false, disposition: 0 },
    });
    expect(token(pc)).toMatchObject({ actorLink: false, disposition: 0, sight: { enabled: true } });
  });

  it("a new unit's first bar is its headcount, unless the data names one", async () => {
    const unit = await world.createActor({ name: "Escouade", type: "unit" });
    expect(token(unit)).toMatchObject({ bar1: { attribute: "figures" } });
    const named = await world.createActor({
      name: "Escouade 2",
      type: "unit",
      prototypeToken: { bar1: { attribute: "profile.pv" } },
    });
    expect(token(named)).toMatchObject({ bar1: { attribute: "profile.pv" } });
    const pc = await world.createActor({ name: "Kara", type: "character" });
    expect(token(pc)).toMatchObject({ bar1: { attribute: "profile.pv" } });
  });
});

describe("token attributes (review M11)", () => {
  it("are declared per actor type, the unit's headcount as a bar", () => {
    const trackable = (
      world.fake.CONFIG.Actor as { trackableAttributes: Record<string, { bar: string[]; value: string[] }> }
    ).trackableAttributes;
    expect(Object.keys(trackable).sort()).toEqual(["character", "npc", "unit"]);
    expect(trackable.unit!.bar).toEqual(["figures", "profile.pv"]);
    expect(trackable.character!.bar).toEqual(["profile.pv"]);
  });

  it("every bar path is an object with value and max, every value path a number, on a prepared actor", async () => {
    const trackable = (
      world.fake.CONFIG.Actor as { trackableAttributes: Record<string, { bar: string[]; value: string[] }> }
    ).trackableAttributes;
    for (const [type, { bar, value }] of Object.entries(trackable)) {
      const actor = await world.createActor({ name: type, type });
      const at = (path: string) =>
        path.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], actor.system);
      for (const path of bar)
        expect(at(path), `${type} ${path}`).toMatchObject({ value: expect.any(Number), max: expect.any(Number) });
      for (const path of value) expect(typeof at(path), `${type} ${path}`).toBe("number");
    }
  });

  it("the unit's headcount bar is editable from the Token HUD although derived; PV and a stored value stay editable", async () => {
    const unit = await world.createActor({
      name: "Escouade",
      type: "unit",
      system: { strength: { start: 10, current: 8 } },
    });
    const pc = await world.createActor({ name: "Kara", type: "character" });
    const Scene = (world.fake.CONFIG.Scene as { documentClass: { create(d: object): Promise<unknown> } }).documentClass;
    const scene = (await Scene.create({
      name: "Bars",
      tokens: [
        {
          _id: "unitToken0000001",
          actorId: unit.id,
          bar1: { attribute: "figures" },
          bar2: { attribute: "profile.pv" },
        },
        {
          _id: "pcToken000000001",
          actorId: pc.id,
          bar1: { attribute: "profile.pv" },
          bar2: { attribute: "willpower.value" },
        },
      ],
    })) as { tokens: { get(id: string): { getBarAttribute(bar: string): unknown } } };
    const unitToken = scene.tokens.get("unitToken0000001");
    expect(unitToken.getBarAttribute("bar1")).toEqual({
      type: "bar",
      attribute: "figures",
      value: 8,
      max: 10,
      editable: true,
    });
    expect(unitToken.getBarAttribute("bar2")).toMatchObject({ type: "bar", attribute: "profile.pv", editable: true });
    const pcToken = scene.tokens.get("pcToken000000001");
    expect(pcToken.getBarAttribute("bar1")).toMatchObject({ type: "bar", attribute: "profile.pv", editable: true });
    expect(pcToken.getBarAttribute("bar2")).toMatchObject({
      type: "value",
      attribute: "willpower.value",
      editable: true,
    });
  });

  it("the unit's headcount bar shows current/start, and a token edit writes strength.current (clamped like a bar)", async () => {
    const unit = await world.createActor({
      name: "Escouade",
      type: "unit",
      system: { strength: { start: 10, current: 8 } },
    });
    expect(systemAs<{ figures: unknown }>(unit).figures).toEqual({ value: 8, max: 10 });
    const writes = await world.writesDuring(() => unit.modifyTokenAttribute("figures", -3, true, true));
    expect(writes).toHaveLength(1);
    expect(systemAs<{ strength: unknown }>(unit).strength).toEqual({ start: 10, current: 5 });
    await unit.modifyTokenAttribute("figures", 14, false, true);
    expect(systemAs<{ strength: unknown }>(unit).strength).toEqual({ start: 10, current: 10 });
  });
});
