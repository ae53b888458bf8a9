/**
 * The table of the scripted evening (test/play/evening.test.ts): a French world on the Foundry fake
 * with the real entry, templates and languages (test/foundry/chat-helpers.ts), its four sample
 * actors imported from the compendium sources (packs/_source/actors) and given to their players,
 * the compendium's panic table, and the few gestures a table makes — press a card's button as the
 * user sees it, read a card as a user reads it, and let the GM play the combat tracker. Everything
 * the story does goes through the system's public surface: actor methods, card buttons, the
 * combat document's tracker actions, `game.tactica`.
 */
import path from "node:path";
import { readManifest } from "../../scripts/manifest";
import { readPackSources, type PackManifest } from "../../scripts/packs";
import { chatWorld, type ChatWorld } from "../foundry/chat-helpers";
import { createFakeCombat, type FakeScene } from "../foundry/fake-combat";
import { queueDiceFaces } from "../foundry/fake-dice";
import { textOf } from "../templates/harness";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";
import type { TacticaCombat } from "../../src/combat/combat";

type Obj = Record<string, unknown>;

export { queueDiceFaces as dice, textOf };

const manifest = readManifest();

/** The sources of compendium `name`, as the Foundry CLI hands them to Foundry (without its `_key`). */
export function packSources(name: string): Obj[] {
  const pack = manifest.packs.find((p) => p.name === name) as PackManifest;
  return readPackSources(path.join(process.cwd(), "packs", "_source"), pack).map((s) => withoutKeys(s.doc));
}

function withoutKeys(doc: Obj): Obj {
  const { _key: _ignored, ...rest } = doc;
  for (const field of ["items", "results", "pages", "effects"]) {
    if (Array.isArray(rest[field])) rest[field] = (rest[field] as Obj[]).map(withoutKeys);
  }
  return rest;
}

/** The cast of the evening: the compendium's four sample actors, imported by the GM. */
export interface Cast {
  /** Brann Holt, steam cuirassier (player-1). */
  brann: TacticaActor;
  /** Ilse Varnak, mentalist, mastery 2 (player-2). */
  ilse: TacticaActor;
  /** Sergent Korvath, the GM's npc (PEUR 2). */
  korvath: TacticaActor;
  /** The neophyte choir, five figures and one power (player-1). */
  choir: TacticaActor;
}

export interface Table extends ChatWorld, Cast {
  /** The text of `message`'s card as `userId` reads it. */
  read(message: TacticaChatMessage, userId?: string): Promise<string>;
  /** The buttons `userId` sees on `message`, as `action` or `action@targetIndex`. */
  buttons(message: TacticaChatMessage, userId?: string): Promise<string[]>;
  /**
   * `userId` presses the button `action` (of target row `targetIndex`) on `message` as rendered for
   * them, holding the skip-dialog key; the error notifications it raised (spaces folded, as `t` gives them).
   */
  press(userId: string, message: TacticaChatMessage, action: string, targetIndex?: number): Promise<string[]>;
  /** The last card posted (of `kind`). */
  last(kind?: string): TacticaChatMessage;
  /** The user's targets: the tokens of these actors on the battle scene (core's `game.user.targets`). */
  aim(...actors: TacticaActor[]): void;
  /** The GM starts a combat of `actors` in `mode` from the tracker. */
  fight(mode: "tours" | "timeline", actors: TacticaActor[], initiative?: number[]): Promise<TacticaCombat>;
  /** The GM's Next in the tracker; on a timeline the End action of `duration` positions. */
  next(combat: TacticaCombat, duration?: number): Promise<void>;
  /** The actor's `system` as its sheet reads it. */
  sheet(actor: TacticaActor): Sheet;
  /** The id of `actor`'s item named `name` (as on the sheet). */
  item(actor: TacticaActor, name: string): string;
  /** A localised text of the language file, as a card's text reads (spaces folded). */
  t(key: string, data?: Record<string, string | number>): string;
}

/** What the story reads of an actor's data. */
export interface Sheet {
  profile: Record<string, { value: number; total: number; max?: number }>;
  aptitudes: Record<string, { value: number; damage: number; current: number }>;
  willpower: { value: number };
  actions: { spent: number; remaining: number };
  exhaustion: number;
  strength: { start: number; current: number };
  morale: { state: string; fearPassed: number; moraleTested: boolean };
  psyker: { mastery: number; maintained: { powerId: string }[] };
}

const OWNERS: Record<keyof Cast, string | null> = {
  brann: "player-1",
  ilse: "player-2",
  korvath: null,
  choir: "player-1",
};

const PACK_NAMES: Record<keyof Cast, string> = {
  brann: "Brann",
  ilse: "Ilse",
  korvath: "Sergent",
  choir: "Chœur",
};

/** Sets the table: the world, the imported cast, the panic table, and a battle scene with their tokens. */
export async function setTable(): Promise<Table> {
  const w = await chatWorld("fr");
  installCompendium(w);
  const sources = packSources("actors");
  const cast = {} as Cast;
  for (const key of Object.keys(PACK_NAMES) as (keyof Cast)[]) {
    const source = structuredClone(sources.find((a) => String(a.name).startsWith(PACK_NAMES[key]))!);
    const owner = OWNERS[key];
    cast[key] = await w.createActor({ ...source, ownership: owner ? { default: 0, [owner]: 3 } : { default: 0 } });
  }
  const scene = await battleScene(w, Object.values(cast));
  const i18n = w.fake.game.i18n!;
  const table: Table = {
    ...w,
    ...cast,
    read: async (message, userId = "player-1") => textOf(await w.renderAs(userId, message)),
    async buttons(message, userId = "player-1") {
      const element = await w.elementAs(userId, message);
      return element
        .querySelectorAll("button[data-action]")
        .map((b) =>
          b.dataset.targetIndex === undefined ? b.dataset.action! : `${b.dataset.action}@${b.dataset.targetIndex}`,
        );
    },
    async press(userId, message, action, targetIndex) {
      const element = await w.elementAs(userId, message);
      const button = element
        .querySelectorAll("button[data-action]")
        .find(
          (b) =>
            b.dataset.action === action && (targetIndex === undefined || b.dataset.targetIndex === String(targetIndex)),
        );
      if (!button) throw new Error(`${userId} sees no button ${action} on this card`);
      const errors = await w.errorsDuring(() => w.as(userId, () => button.click({ shiftKey: true })));
      return errors.map(textOf);
    },
    last(kind) {
      const found = w.messages().findLast((m) => kind === undefined || m.card?.kind === kind);
      if (!found) throw new Error(`no card ${kind ?? ""}`);
      return found;
    },
    aim(...actors) {
      // Core's targets are Token placeables: their `document` and their `actor` (a linked token's is the world actor).
      (w.fake.game.user as unknown as Obj).targets = new Set(
        actors.map((a) => ({ document: scene.tokens.find((t) => (t as unknown as Obj).actorId === a.id), actor: a })),
      );
    },
    fight: (mode, actors, initiative) => fight(w, mode, actors, initiative),
    next: (combat, duration) => next(w, combat, duration),
    item(actor, name) {
      const found = actor.items.find((i) => i.name === name);
      if (!found) throw new Error(`${actor.name} has no item ${name}`);
      return found.id!;
    },
    sheet: (actor) => (actor as unknown as { system: Sheet }).system,
    t: (key, data) => textOf(data ? i18n.format(key, data as Record<string, string>) : i18n.localize(key)),
  };
  return table;
}

/**
 * The compendium of tables as core gives it: `game.packs.get("tactica.tables")`, whose
 * `CompendiumCollection#getDocuments()` resolves its documents
 * (https://foundryvtt.com/api/v13/classes/foundry.documents.collections.CompendiumCollection.html#getdocuments);
 * here the panic table of packs/_source/tables, its results with their ranges and flags.
 */
function installCompendium(w: ChatWorld): void {
  const tables = packSources("tables");
  (w.fake.game as unknown as Obj).packs = new Map([["tactica.tables", { getDocuments: async () => tables }]]);
}

/** The battle scene: a courtyard (encumbrance 1) and a gatehouse next to it; the GM's sergeant holds the gatehouse. */
async function battleScene(w: ChatWorld, actors: TacticaActor[]): Promise<FakeScene> {
  const Scene = w.fake.CONFIG.Scene as { documentClass: { create(data: object): Promise<unknown> } };
  const { placedScene, placeBehaviors } = await import("../foundry/places-helpers");
  const shape = (x: number) => [{ type: "rectangle", x, y: 0, width: 400, height: 400 }];
  const scene = (await w.as("gm-1", () =>
    placedScene(Scene.documentClass, {
      name: "Fonderie",
      grid: { size: 100 },
      regions: [
        { _id: "courtyard000001", name: "Cour", shapes: shape(0), behaviors: placeBehaviors(1, ["gatehouse00001"]) },
        {
          _id: "gatehouse00001",
          name: "Porche",
          shapes: shape(400),
          behaviors: placeBehaviors(0, ["courtyard000001"]),
        },
      ],
      tokens: actors.map((actor, i) => ({
        _id: `token${String(i).padStart(11, "0")}`,
        x: (actor.type === "npc" ? 440 : 40) + 60 * i,
        y: 60,
        actorId: actor.id,
        name: actor.name,
      })),
    }),
  )) as FakeScene;
  (w.fake.game.scenes as { viewed: unknown }).viewed = scene;
  // Core's `Actor#getActiveTokens()`: the actor's tokens on the viewed scene
  // (https://foundryvtt.com/api/v13/classes/foundry.documents.Actor.html#getactivetokens); the
  // fake's actors have none of their own, as in the other scene tests (rules-flows.test.ts).
  for (const actor of actors) {
    const token = scene.tokens.find((t) => (t as unknown as Obj).actorId === actor.id);
    Object.assign(actor, { getActiveTokens: () => [{ document: token }] });
  }
  return scene;
}

async function fight(
  w: ChatWorld,
  mode: "tours" | "timeline",
  actors: TacticaActor[],
  initiative?: number[],
): Promise<TacticaCombat> {
  await w.as("gm-1", () => w.fake.settings.set("tactica", "combatMode", mode));
  return w.as("gm-1", async () => {
    const combat = (await createFakeCombat(
      actors.map((a, i) => ({
        actorId: a.id!,
        initiative: initiative?.[i] ?? (mode === "tours" ? null : i),
        name: a.name,
      })),
    )) as unknown as TacticaCombat;
    if (mode === "tours" && !initiative) await combat.rollAll();
    await combat.startCombat();
    return combat;
  });
}

/**
 * The GM's Next. In *tours* it is core's next turn; on a timeline it is the End action confirmed
 * with `duration` (`TacticaCombat#endAction`, where the tracker's End-action dialog ends: the fake's
 * forms do not hand that dialog its typed field, so the story gives the duration the GM confirms).
 */
async function next(w: ChatWorld, combat: TacticaCombat, duration = 1): Promise<void> {
  await w.as("gm-1", () => (combat.mode === "timeline" ? combat.endAction(duration) : combat.nextTurn()));
  // What the turn set off on the GM's client (the activation's start, a threshold, a due card) has run.
  await combat.settled();
}
