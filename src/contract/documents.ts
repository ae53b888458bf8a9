/**
 * Contract (part of "data and documents", src/contract/data.ts): what core's document workflows do
 * that Tactica's documents, and the test fake (test/foundry/fake-documents.ts,
 * fake-document-types.ts, fake-world.ts), rely on — checked on temporary world documents:
 * - on an update, core adds the document's `type` to a partial change before the document-level
 *   `migrateData` sees it (v13 client `data/client-backend.mjs` `#preUpdateDocumentArray`,
 *   `_addTypes`; the second core review's N5) — on v14 too, which no source read here settles;
 * - the server cleans an embedded item's `htmlFields` changed through its actor's update exactly
 *   as it cleans the same change made on the item itself (security review F6: `system.json`
 *   declares them, https://foundryvtt.com/api/interfaces/foundry.ServerSanitizationFields.html);
 *   the fake cleans neither, so there the two stay equal too — what the cleaning removes is a
 *   manual check;
 * - `ClientDocumentMixin#prepareData` prepares in this order: the type model's base data, the
 *   document's base data, the embedded documents, the type model's derived data, the document's
 *   derived data (v13 client `documents/abstract/client-document.mjs`);
 * - `Actor#toggleStatusEffect` matches only effects holding exactly that one status (or the
 *   status's static `_id`), answers `true` / `false` / `undefined`, and creates the effect from
 *   the status (v13 client `documents/actor.mjs`; draw-steel's copy of it);
 * - `ui.notifications` cleans an untrusted message unless told not to (`clean`: v13 client
 *   `applications/ui/notifications.mjs` `Notifications#notify`).
 */
import type { ContractContext } from "./context";
import { isRecord, spyOn, withActor, type Data, type Method } from "./temporary";

/** A stored `system` value of a document, read as plain data. */
function systemValue(doc: { _source: object }, key: string): unknown {
  const source: Data = { ...doc._source };
  return isRecord(source.system) ? source.system[key] : undefined;
}

/** A notification's message (`Notifications#notify` returns the notification). */
function messageOf(notification: unknown): string {
  return isRecord(notification) && typeof notification.message === "string" ? notification.message : "";
}

export function documentsContract({ describe, it, assert }: ContractContext): void {
  describe("update workflow and server cleaning", () => {
    it("[data.partial-change-type] a partial change reaches the document-level migrateData with the document's type (N5)", async () => {
      const Item = CONFIG.Item.documentClass;
      const item = await Item.create({ name: "Contract Item (temporary)", type: "weapon" });
      if (!item) throw new Error("the temporary Item was not created");
      const seen: unknown[] = [];
      try {
        const spy = (own: Method): Method =>
          function (this: unknown, source: unknown, ...rest: unknown[]) {
            seen.push(isRecord(source) ? source.type : undefined);
            return own.call(this, source, ...rest);
          };
        await spyOn(Item, "migrateData", spy, async () => {
          await item.update({ system: { gearBonus: 2 } });
        });
      } finally {
        await item.delete();
      }
      assert.include(seen, "weapon", "the change, which named no type, was migrated as a weapon's");
    });

    it("[data.embedded-html-cleaned] an embedded item's HTML field changed through its actor is stored as when changed on the item (F6)", async () => {
      const payload = '<p>ok</p><script>globalThis.tacticaContract = 1</script><img src="x" onerror="void 0">';
      const items: Item.CreateData[] = [
        { name: "Direct", type: "power", system: { level: 1 } },
        { name: "Through the actor", type: "power", system: { level: 1 } },
      ];
      await withActor({ type: "character", items }, async (actor) => {
        const [direct, nested] = [...actor.items];
        if (!direct || !nested) throw new Error("the temporary powers were not created");
        await direct.update({ system: { effect: payload } });
        await actor.update({ items: [{ _id: nested.id, system: { effect: payload } }] });
        const stored = [systemValue(direct, "effect"), systemValue(nested, "effect")];
        assert.equal(typeof stored[0], "string");
        assert.strictEqual(stored[1], stored[0], "the actor's update stores the field as the item's own update does");
      });
    });
  });

  describe("creation, empty updates, roll data, effects in one request", () => {
    it("[data.create-order] a creation's data reaches the preCreate hook migrated and uncleaned", async () => {
      let seen: unknown = null;
      const id = Hooks.on("preCreateItem", (_doc, data) => {
        seen = structuredClone(data.system);
      });
      let item: Item.Implementation | undefined;
      try {
        // A form's text for the attributes and a number as text: what migrateData and cleaning change.
        const system: Record<string, unknown> = { attributes: "Portée 2-4", gearBonus: "7" };
        item = await CONFIG.Item.documentClass.create({ name: "Contract Item (temporary)", type: "weapon", system });
      } finally {
        Hooks.off("preCreateItem", id);
      }
      try {
        const hooked = isRecord(seen) ? seen : {};
        assert.ok(Array.isArray(hooked.attributes), "attribute text already migrated to entries");
        assert.strictEqual(hooked.gearBonus, "7", "not cast to a number yet");
        assert.strictEqual(item ? systemValue(item, "gearBonus") : undefined, 7);
      } finally {
        await item?.delete();
      }
    });

    it("[documents.empty-update] an update that changes nothing resolves undefined and fires no update hook", async () => {
      await withActor({ type: "npc" }, async (actor) => {
        let fired = 0;
        const id = Hooks.on("updateActor", () => void fired++);
        try {
          assert.equal(await actor.update({ name: actor.name }), undefined);
        } finally {
          Hooks.off("updateActor", id);
        }
        assert.equal(fired, 0);
      });
    });

    it("[documents.roll-data] an actor's roll data is its system data", async () => {
      await withActor({ type: "character" }, (actor) => {
        assert.strictEqual(actor.getRollData(), actor.system);
      });
    });

    it("[effects.update-many] updateEmbeddedDocuments changes several effects in one call and answers the changed ones", async () => {
      const effects = [{ name: "Contract A (temporary)" }, { name: "Contract B (temporary)" }];
      await withActor({ type: "character", effects }, async (actor) => {
        const ids = [...actor.effects].map((e) => e.id);
        const changed = await actor.updateEmbeddedDocuments(
          "ActiveEffect",
          ids.map((_id) => ({ _id, disabled: true })),
        );
        assert.equal(changed?.length, 2);
        assert.ok([...actor.effects].every((e) => e.disabled));
      });
    });
  });

  describe("data preparation", () => {
    it("[data.prepare-order] prepareData: model base, document base, embedded, model derived, document derived", () => {
      const actor = new CONFIG.Actor.documentClass({ name: "Contract Actor (unsaved)", type: "character" });
      const order: string[] = [];
      const record = (target: object, name: string, label: string) => {
        const own: unknown = Reflect.get(target, name);
        if (typeof own !== "function") throw new Error(`${label} is not a function`);
        Object.defineProperty(target, name, {
          configurable: true,
          value(this: unknown, ...args: unknown[]) {
            order.push(label);
            return Reflect.apply(own, this, args);
          },
        });
      };
      const system: unknown = actor.system;
      if (!isRecord(system)) throw new Error("the actor has no type model");
      record(system, "prepareBaseData", "system.prepareBaseData");
      record(actor, "prepareBaseData", "prepareBaseData");
      record(actor, "prepareEmbeddedDocuments", "prepareEmbeddedDocuments");
      record(system, "prepareDerivedData", "system.prepareDerivedData");
      record(actor, "prepareDerivedData", "prepareDerivedData");
      actor.prepareData();
      assert.deepEqual(order, [
        "system.prepareBaseData",
        "prepareBaseData",
        "prepareEmbeddedDocuments",
        "system.prepareDerivedData",
        "prepareDerivedData",
      ]);
    });
  });

  describe("status effects", () => {
    it("[data.toggle-status] toggleStatusEffect matches effects holding that one status only; true, false, undefined", async () => {
      const shared = { name: "Two statuses (temporary)", statuses: ["stunned", "tactica-contract"] };
      await withActor({ type: "character", effects: [shared] }, async (actor) => {
        const sharedId = [...actor.effects][0]?.id;
        const created = await actor.toggleStatusEffect("stunned");
        assert.ok(created instanceof CONFIG.ActiveEffect.documentClass, "a new effect beside the two-status one");
        assert.ok(sharedId && actor.effects.get(sharedId), "the two-status effect is kept");
        assert.strictEqual(await actor.toggleStatusEffect("stunned", { active: true }), true);
        assert.strictEqual(await actor.toggleStatusEffect("stunned"), false);
        assert.ok(sharedId && actor.effects.get(sharedId), "still kept when the status is toggled off");
        assert.strictEqual(await actor.toggleStatusEffect("stunned", { active: false }), undefined);
        assert.ok(actor.statuses.has("stunned"), "the two-status effect still gives the status");
      });
    });
  });

  describe("notifications", () => {
    it("[data.notification-clean] a notification's untrusted message is cleaned of scripts unless clean is false", () => {
      const text = "Contract <script>globalThis.tacticaContract = 2</script>notice";
      const cleaned = ui.notifications?.info(text);
      const raw = ui.notifications?.info(text, { clean: false });
      try {
        assert.notOk(messageOf(cleaned).includes("tacticaContract"), "the script is gone");
        assert.include(messageOf(raw), "tacticaContract", "clean: false shows the message as given");
      } finally {
        for (const n of [cleaned, raw]) if (n) ui.notifications?.remove(n);
      }
    });
  });
}
