/**
 * Contract (part of "data and documents", src/contract/data.ts): core helpers and document rules
 * that Tactica's code and the test fake (test/foundry/fake-utils.ts, fake-fields*.ts,
 * fake-documents.ts, fake.ts, fake-dice*.ts) use everywhere, checked in the running Foundry:
 * - `foundry.utils`: `expandObject` (arrays too), `flattenObject`, `mergeObject` (dotted keys,
 *   recursion), `diffObject`, `getProperty` / `setProperty` / `hasProperty`, `escapeHTML`,
 *   `debounce` (https://foundryvtt.com/api/v13/modules/foundry.utils.html); and
 *   `foundry.applications.parseHTML` (the sheets' row re-render, src/applications/sheets/row-render.ts);
 * - fields: a SchemaField drops unknown keys, a StringField trims, a BooleanField casts
 *   `"true"`/`"false"`, validation names the failing field
 *   (https://foundryvtt.com/api/v13/modules/foundry.data.fields.html);
 * - `Hooks.call` stops at the first `false` and answers it, `Hooks.callAll` calls every handler
 *   (https://foundryvtt.com/api/v13/classes/foundry.helpers.Hooks.html);
 * - `game.i18n.format` fills `{name}` from the data; `has` knows a key;
 * - the running generation's deletion of a key (src/compat/deletion.ts: `-=key` on v13, `_del` on
 *   v14) deletes it;
 * - `Document.create` of an array resolves an array; a new actor's prototype token has core's
 *   defaults; the server's permission rules for an unsaved player (common v13
 *   `abstract/document.mjs` `canUserModify`, `CONST.USER_PERMISSIONS`: ACTOR_CREATE and
 *   ITEM_CREATE are an Assistant's; a ChatMessage is created by its author only);
 * - a roll's terms: dice with their number, faces, flavor and results, numbers, data references.
 */
import { deletionUpdate } from "../compat/deletion";
import type { ContractContext } from "./context";

type Data = Record<string, unknown>;

/** An unsaved player User (the permission rules are common code, which the server runs too). */
function unsavedPlayer(): User.Implementation {
  return new CONFIG.User.documentClass({
    _id: foundry.utils.randomID(),
    name: "[Contract] player (unsaved)",
    role: CONST.USER_ROLES.PLAYER,
  });
}

function utilsCases({ it, assert }: ContractContext): void {
  it("[utils.expand-flatten] expandObject expands dotted keys, inside arrays too; flattenObject is its inverse", () => {
    const expanded = foundry.utils.expandObject({ "a.b": 1, c: [{ "d.e": 2 }] });
    assert.deepEqual(expanded, { a: { b: 1 }, c: [{ d: { e: 2 } }] });
    assert.deepEqual(foundry.utils.flattenObject({ a: { b: 1, c: { d: 2 } } }), { "a.b": 1, "a.c.d": 2 });
  });

  it("[utils.merge-diff] mergeObject merges dotted keys recursively in place; diffObject keeps what differs", () => {
    const original: Data = { a: 1, b: { c: 2 } };
    const merged = foundry.utils.mergeObject(original, { "b.d": 3, e: 4 });
    assert.strictEqual(merged, original);
    assert.deepEqual(original, { a: 1, b: { c: 2, d: 3 }, e: 4 });
    assert.deepEqual(foundry.utils.diffObject({ a: 1, b: { c: 2, d: 3 } }, { a: 1, b: { c: 5, d: 3 }, e: 4 }), {
      b: { c: 5 },
      e: 4,
    });
  });

  it("[utils.property] getProperty, setProperty and hasProperty follow dotted paths", () => {
    const object: Data = { a: { b: 1 } };
    assert.equal(foundry.utils.getProperty(object, "a.b"), 1);
    assert.ok(foundry.utils.setProperty(object, "a.c.d", 2));
    assert.deepEqual(object, { a: { b: 1, c: { d: 2 } } });
    assert.deepEqual(
      [foundry.utils.hasProperty(object, "a.c.d"), foundry.utils.hasProperty(object, "a.x")],
      [true, false],
    );
  });

  it("[utils.escape] escapeHTML escapes & < > \" '", () => {
    const escaped = foundry.utils.escapeHTML(`<a href="x">&'`);
    assert.notOk(/[<>"']/.test(escaped), "no raw markup character is left");
    for (const entity of ["&lt;", "&gt;", "&quot;", "&amp;"]) assert.include(escaped, entity);
  });

  it("[applications.parse-html] parseHTML answers the single top-level element of a string, a collection of several", () => {
    const one = foundry.applications.parseHTML(
      '<li class="item" data-item-id="x"><button type="button">b</button></li>',
    );
    assert.ok("tagName" in one, "one element, not a collection");
    if (!("tagName" in one)) return;
    assert.equal(one.tagName, "LI");
    assert.equal(one.dataset.itemId, "x");
    assert.ok(one.querySelector("button"), "with its children");
    const several = foundry.applications.parseHTML("<p></p><p></p>");
    assert.equal("tagName" in several ? 1 : several.length, 2, "a collection of the top-level elements");
  });

  it("[utils.debounce] debounce calls back once, with the last arguments, after the delay since the last call", async () => {
    const calls: unknown[] = [];
    const debounced = foundry.utils.debounce((value: unknown) => void calls.push(value), 20);
    debounced(1);
    debounced(2);
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.deepEqual(calls, [2]);
  });
}

function fieldCases({ it, assert }: ContractContext): void {
  it("[fields.schema-string-boolean] a SchemaField drops unknown keys, a StringField trims, a BooleanField casts", () => {
    const { SchemaField, StringField, BooleanField } = foundry.data.fields;
    // Read as the DataField it is: `DataField#clean` takes any value and casts it.
    const schema: foundry.data.fields.DataField.Any = new SchemaField({
      name: new StringField(),
      flag: new BooleanField(),
    });
    const cleaned: unknown = schema.clean({ name: "  Kara ", flag: "true", stray: 1 });
    assert.deepEqual(cleaned, { name: "Kara", flag: true });
  });

  it("[fields.validate-path] validation without cleaning names the failing field", () => {
    const { SchemaField, NumberField } = foundry.data.fields;
    const schema = new SchemaField({ n: new NumberField({ integer: true, min: 0, max: 10 }) });
    const failure = schema.validate({ n: 1.5 });
    assert.ok(failure, "1.5 is no integer");
    const text = String(failure?.asError?.().message ?? failure);
    assert.include(text, "n");
  });
}

function hookAndLanguageCases({ it, assert }: ContractContext): void {
  it("[hooks.call] Hooks.call stops at the first false and answers false; Hooks.callAll calls every handler", () => {
    // An event of the contract's own, which no one else listens to (the typings know only declared events).
    const event = "tactica.contractProbe";
    const hook = (name: "on" | "off" | "call" | "callAll", ...args: unknown[]): unknown =>
      Reflect.apply(Reflect.get(Hooks, name), Hooks, [event, ...args]);
    const seen: string[] = [];
    const ids = [
      hook("on", () => void seen.push("first")),
      hook("on", () => {
        seen.push("second");
        return false;
      }),
      hook("on", () => void seen.push("third")),
    ];
    try {
      assert.strictEqual(hook("call"), false);
      assert.deepEqual(seen, ["first", "second"]);
      seen.length = 0;
      hook("callAll");
      assert.deepEqual(seen, ["first", "second", "third"]);
    } finally {
      for (const id of ids) hook("off", id);
    }
  });

  it("[i18n.format] game.i18n.format fills {name}; has knows a key", () => {
    const key = "TACTICA.Chat.refused.notOwner";
    assert.ok(game.i18n?.has(key));
    assert.include(game.i18n?.format(key, { name: "Contract-Kara" }) ?? "", "Contract-Kara");
    assert.notOk(game.i18n?.has("CONTRACT.noSuchKey"), "an unknown key");
  });
}

function documentCases({ it, assert }: ContractContext): void {
  it("[documents.collection] a world collection: get, getName, contents and iteration by document", async () => {
    const actor = await CONFIG.Actor.documentClass.create({ name: "Contract Actor (temporary)", type: "npc" });
    if (!actor) throw new Error("the temporary Actor was not created");
    try {
      const actors = game.actors;
      if (!actors) throw new Error("no game.actors");
      assert.strictEqual(actors.get(actor.id ?? ""), actor);
      assert.strictEqual(actors.getName("Contract Actor (temporary)"), actor);
      assert.include(actors.contents, actor);
      assert.include([...actors], actor);
    } finally {
      await actor.delete();
    }
  });

  it("[release.generation] game.release names the running generation (13 or 14), as its version begins", () => {
    const { generation, version } = game.release;
    assert.include([13, 14], generation);
    assert.equal(Number(String(version).split(".")[0]), generation);
  });

  it("[documents.create-array] Document.create of an array creates and resolves every document", async () => {
    // `create` with an array, as core's own `Combat#rollInitiative` calls it (the typings take one object).
    const Item = CONFIG.Item.documentClass;
    const data = [
      { name: "Contract A (temporary)", type: "gear" },
      { name: "Contract B (temporary)", type: "gear" },
    ];
    const made: unknown = await Reflect.apply(Item.create, Item, [data]);
    const docs = Array.isArray(made) ? made.filter((d) => d instanceof Item) : [];
    try {
      assert.ok(Array.isArray(made), "an array");
      assert.deepEqual(
        docs.map((d) => d.name),
        ["Contract A (temporary)", "Contract B (temporary)"],
      );
    } finally {
      for (const doc of docs) await doc.delete();
    }
  });

  it("[documents.deletion] the running generation's deletion of a key removes it (-=key on v13, _del on v14)", async () => {
    const records = { contractProbeA: { done: true }, contractProbeB: { done: true } };
    const item = await CONFIG.Item.documentClass.create({
      name: "Contract Item (temporary)",
      type: "gear",
      flags: { tactica: { cards: records } },
    });
    if (!item) throw new Error("the temporary Item was not created");
    try {
      await item.update(deletionUpdate("flags.tactica.cards", "contractProbeA"));
      assert.deepEqual(Object.keys(item.flags.tactica?.cards ?? {}), ["contractProbeB"]);
    } finally {
      await item.delete();
    }
  });

  it("[documents.prototype-token] a new npc's prototype token: unlinked, hostile, no sight, bar 1 on the primary attribute", async () => {
    const actor = await CONFIG.Actor.documentClass.create({ name: "Contract Actor (temporary)", type: "npc" });
    if (!actor) throw new Error("the temporary Actor was not created");
    try {
      const token = actor.prototypeToken;
      assert.deepEqual(
        [token.actorLink, token.disposition, token.sight.enabled, token.bar1.attribute],
        [false, CONST.TOKEN_DISPOSITIONS.HOSTILE, false, game.system.primaryTokenAttribute],
      );
    } finally {
      await actor.delete();
    }
  });

  it("[documents.permissions] for a player: no world actor or item created, an owned actor updated, a message only as its author", () => {
    const player = unsavedPlayer();
    const owned = new CONFIG.Actor.documentClass({
      name: "Contract Actor (unsaved)",
      type: "npc",
      ownership: {
        default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE,
        [player.id ?? ""]: CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER,
      },
    });
    const item = new CONFIG.Item.documentClass({ name: "Contract Item (unsaved)", type: "gear" });
    assert.notOk(owned.canUserModify(player, "create"), "ACTOR_CREATE is an Assistant's");
    assert.notOk(item.canUserModify(player, "create"), "ITEM_CREATE is an Assistant's");
    assert.ok(owned.canUserModify(player, "update", { name: "x" }), "the owner updates their actor");
    const mine = new CONFIG.ChatMessage.documentClass({ content: "x", author: player.id });
    const forged = new CONFIG.ChatMessage.documentClass({ content: "x", author: game.user?.id });
    assert.ok(mine.canUserModify(player, "create", { content: "x", author: player.id }));
    assert.notOk(forged.canUserModify(player, "create", { content: "x", author: game.user?.id }), "no impersonation");
  });

  it("[dice.terms] a roll's terms: dice with number, faces, flavor and results; numbers; data references replaced", async () => {
    const roll = await new foundry.dice.Roll("2d6[base] + 3 - @x", { x: 1 }).evaluate({ allowInteractive: false });
    const [die] = roll.dice;
    assert.deepEqual([die?.number, die?.faces, die?.flavor, die?.results.length], [2, 6, "base", 2]);
    const faces = (die?.results ?? []).map((r) => r.result);
    assert.ok(faces.every((f) => f >= 1 && f <= 6 && Number.isInteger(f)));
    assert.equal(roll.total, faces.reduce((sum, f) => sum + f, 0) + 3 - 1);
    assert.ok((die?.results ?? []).every((r) => r.active));
  });
}

export function coreApiContract(context: ContractContext): void {
  context.describe("core helpers and document rules", () => {
    utilsCases(context);
    fieldCases(context);
    hookAndLanguageCases(context);
    documentCases(context);
  });
}
