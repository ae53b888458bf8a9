/**
 * Chat card states played through the product (ux §5 states 2–12 and 17, ux m6): each scenario
 * loads a fresh chat world in the reader's language (the Foundry fake with the real entry, the real
 * templates and languages: test/foundry/chat-helpers.ts), makes the documents a table would have,
 * runs the real actions and card buttons on each user's client (dice queued), and renders the card
 * as one user sees it. The samples write no card text of their own — every line comes from the
 * product's language keys — so a picture in English holds no French; the names they give are in
 * the reader's language too ({@link named}).
 *
 * A scenario replaces the test's Foundry fake with its own world; the cards of chat-scenarios.ts,
 * rendered by a dice world, come before these in SCENARIOS.
 */
import { queueDiceFaces } from "../foundry/fake-dice";
import { chatWorld, type ChatWorld } from "../foundry/chat-helpers";
import { createFakeCombat, type FakeScene } from "../foundry/fake-combat";
import { answerDialog, nextDialog } from "../foundry/fake-apps";
import { placeBehaviors, placedScene } from "../foundry/places-helpers";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";
import type { TacticaCombat } from "../../src/combat/combat";
import type { Scenario } from "./chat-scenarios";
import { named, readerLang } from "./sample-names";

/** Runs `play` in a fresh chat world of the reader's language and renders the card it returns for `viewer`. */
async function played(
  play: (w: ChatWorld) => Promise<TacticaChatMessage | null>,
  viewer = "player-1",
): Promise<string> {
  const w = await chatWorld(readerLang());
  const message = await play(w);
  if (!message) throw new Error("the scenario posted no card");
  return w.renderAs(viewer, message);
}

/** The combat's chat posters (imported once a world exists: they read Foundry's globals as they load). */
const combatPosters = () => import("../../src/combat/after-update");

/** The last card posted in `w` (a follow-up the one writer posted: a stun test, a threshold). */
function lastCard(w: ChatWorld, kind: string): TacticaChatMessage | null {
  return w.messages().findLast((m) => m.card?.kind === kind) ?? null;
}

/** A started combat of `actors` in `mode`, as the GM makes it (the first acts first). */
async function fight(w: ChatWorld, mode: "tours" | "timeline", actors: TacticaActor[]): Promise<TacticaCombat> {
  await w.fake.settings.set("tactica", "combatMode", mode);
  return w.as("gm-1", async () => {
    const combat = (await createFakeCombat(
      actors.map((a, i) => ({ actorId: a.id!, initiative: mode === "tours" ? 20 - i : i, name: a.name })),
      // The combat's own fake class (fake-combat.ts); the system's TacticaCombat is its registered document class.
    )) as unknown as TacticaCombat;
    await combat.startCombat();
    return combat;
  });
}

/** A character of `player-1` with a body worth attacking and defending. */
function hero(w: ChatWorld, system: object = {}, items: object[] = []): Promise<TacticaActor> {
  return w.own(named("hero"), "character", {
    system: {
      profile: { mou: { value: 4 }, pv: { value: 12, max: 12 }, ac: { value: 6 } },
      aptitudes: { puissance: { value: 3 }, vivacite: { value: 3 }, volonte: { value: 4 }, intellect: { value: 4 } },
      subAptitudes: { force: { value: 2 }, precision: { value: 2 }, reflexe: { value: 2 }, scholastique: { value: 3 } },
      ...system,
    },
    items,
  });
}

/** A unit of `player-1` (five figures, CO 7). */
function unit(w: ChatWorld, system: object = {}): Promise<TacticaActor> {
  return w.own(named("unit"), "unit", {
    system: { profile: { co: { value: 7 }, ac: { value: 4 } }, strength: { start: 5, current: 5 }, ...system },
  });
}

/** A morale test of a unit that fails on a 9, then its panic draw on `face` (the roller's click). */
async function panicDrawn(w: ChatWorld, face: number): Promise<TacticaChatMessage> {
  const choir = await unit(w);
  queueDiceFaces([9]);
  const card = (await choir.moraleTest({ fastForward: true }))!;
  queueDiceFaces([face]);
  await w.click("player-1", "rollPanic", card);
  return card;
}

/** A scene with two linked places (`place` and `other`) and the tokens of `actors`, in that order, placed in turn. */
async function placesScene(w: ChatWorld, actors: { actor: TacticaActor; in: "place" | "other" }[]): Promise<FakeScene> {
  const Scene = w.fake.CONFIG.Scene as { documentClass: { create(data: object): Promise<unknown> } };
  const shape = (x: number) => [{ type: "rectangle", x, y: 0, width: 200, height: 200 }];
  const scene = (await w.as("gm-1", () =>
    placedScene(Scene.documentClass, {
      name: named("place"),
      grid: { size: 100 },
      regions: [
        { _id: "regionA", name: named("place"), shapes: shape(0), behaviors: placeBehaviors(2, ["regionB"]) },
        { _id: "regionB", name: named("other"), shapes: shape(200), behaviors: placeBehaviors(0, []) },
      ],
      tokens: actors.map(({ actor, in: where }, i) => ({
        _id: `tok${i}`,
        x: (where === "place" ? 40 : 240) + 20 * i,
        y: 60,
        actorId: actor.id,
        name: actor.name,
      })),
    }),
  )) as FakeScene;
  (w.fake.game.scenes as { viewed: unknown }).viewed = scene;
  actors.forEach(({ actor }, i) =>
    Object.assign(actor, { getActiveTokens: () => [{ document: scene.tokens.get(`tok${i}`) }] }),
  );
  return scene;
}

/** The user's targets: the tokens `ids` of `scene` (core's `game.user.targets`). */
function target(w: ChatWorld, scene: FakeScene, ...ids: string[]): void {
  (w.fake.game.user as unknown as Record<string, unknown>).targets = new Set(
    ids.map((id) => ({ document: scene.tokens.get(id) })),
  );
}

/** An enemy of `player-2`, armoured (an *Adaptatif* carapace) and shielded (a field of 2). */
function enemy(w: ChatWorld): Promise<TacticaActor> {
  return w.own(
    named("enemy"),
    "character",
    {
      system: {
        profile: { pv: { value: 10, max: 10 } },
        aptitudes: { vivacite: { value: 1 } },
        subAptitudes: { reflexe: { value: 1 } },
      },
      items: [
        {
          name: named("armour"),
          type: "armor",
          system: { equipped: true, renfort: 1, attributes: [{ key: "adaptive", x: 1 }] },
        },
        { name: named("field"), type: "forceField", system: { renfort: { value: 2, max: 2 }, active: true } },
      ],
    },
    "player-2",
  );
}

/** A unit of `player-1` brought to half its strength by the GM's edit: the morale prompt the writer posts (C9). */
async function halfStrength(w: ChatWorld, unshakeable: boolean): Promise<TacticaChatMessage | null> {
  const choir = await unit(w, { morale: { unshakeable } });
  // The GM's client plays the edit and the prompt that follows it (posted after the update settles).
  w.data.setUser("gm-1");
  await choir.update({ system: { strength: { current: 2 } } });
  await new Promise((resolve) => setTimeout(resolve, 0));
  w.data.setUser("player-1");
  return lastCard(w, "moralePrompt");
}

/**
 * A threshold crossed at the start of round 2 in *tours* mode, as the GM plays it: `burning`
 * burns through her armour (Incendiaire 3 against renfort 1) and the enemy's spent field comes
 * back; the card the one writer posts.
 */
async function thresholdCrossed(w: ChatWorld, happens: boolean): Promise<TacticaChatMessage | null> {
  const ana = await hero(w, happens ? { gauges: { incendiaire: 3, disruptif: 0 } } : {}, [
    { name: named("armour"), type: "armor", system: { equipped: true, renfort: 1 } },
  ]);
  const brute = await enemy(w);
  if (happens) {
    const field = brute.items.find((i) => i.type === "forceField")!;
    await w.as("gm-1", () => field.update({ system: { renfort: { value: 0 }, disabled: true } }));
  }
  const combat = await fight(w, "tours", [ana, brute]);
  await w.as("gm-1", async () => {
    await combat.nextTurn();
    await combat.nextTurn();
  });
  return lastCard(w, "threshold");
}

export const WORLD_SCENARIOS: Scenario[] = [
  {
    name: "pressure bonus applied: the window it lasts for, no button left",
    render: () =>
      played(async (w) => {
        const kara = await hero(w, {}, [
          {
            _id: "legs00000000001",
            name: named("legs"),
            type: "gear",
            system: { linked: true, equipped: true, pressureTarget: "mou", gearBonus: 1 },
          },
        ]);
        queueDiceFaces([5]);
        const card = (await kara.rollPressure("legs00000000001", { fastForward: true }))!;
        await w.click("player-1", "applyPressure", card);
        return card;
      }),
    shows: {
      fr: [
        "Jet de pression",
        "Jambes à vapeur",
        "Mouvement",
        "Bonus de pression +4",
        "Bonus actif jusqu'à la fin de l'activation.",
      ],
      en: [
        "Pressure roll",
        "Steam greaves",
        "Movement",
        "Pressure bonus +4",
        "Bonus active until the end of the activation.",
      ],
    },
    hides: ["Appliquer le bonus", "Apply the bonus", "fin du tour", "end of the turn"],
    buttons: [],
  },
  {
    name: "morale prompt with its button",
    render: () => played((w) => halfStrength(w, false)),
    shows: {
      fr: [
        "Moral ébranlé",
        "Chœur <b>",
        "Test de moral à faire",
        "Chœur <b> a perdu la moitié de ses forces.",
        "Test de moral",
      ],
      en: [
        "Morale shaken",
        "Choir <b>",
        "Morale test required",
        "Choir <b> has lost half its strength.",
        "Morale test",
      ],
    },
    buttons: ["moraleTest"],
  },
  {
    name: "morale prompt of an unshakeable actor",
    render: () => played((w) => halfStrength(w, true)),
    shows: {
      fr: ["Moral ébranlé", "Inébranlable", "Le test est réussi d'office."],
      en: ["Morale shaken", "Unshakeable", "The test passes automatically."],
    },
    buttons: [],
  },
  {
    name: "power maintained",
    render: () =>
      played(async (w) => {
        const ilse = await hero(w, { psyker: { mastery: 2 }, profile: { ac: { value: 12 } } }, [
          {
            _id: "shield000000001",
            name: named("power"),
            type: "power",
            system: { level: 6, cost: 4, maintenance: 2 },
          },
        ]);
        const combat = await fight(w, "timeline", [ilse]);
        queueDiceFaces([2]);
        await ilse.castPower("shield000000001", { fastForward: true });
        await w.as("gm-1", () => combat.endAction(4));
        return ilse.maintainPower("shield000000001");
      }),
    shows: {
      fr: ["Entretien", "Aveline", "Bouclier", "Pouvoir entretenu", "AC dépensées : 2."],
      en: ["Maintenance", "Aveline", "Shield", "Power maintained", "AC spent: 2."],
    },
    buttons: [],
  },
  {
    name: "threshold crossed, with what happened",
    render: () => played((w) => thresholdCrossed(w, true)),
    shows: {
      fr: [
        "Passage de seuil",
        "Début du tour 2",
        "2 combattants concernés",
        "Aveline brûle : −2 PV (reste 10) · jauge Incendiaire → 2",
        "Brute champ de force rétabli (renfort : 2)",
      ],
      en: [
        "Threshold crossed",
        "Start of round 2",
        "2 combatants affected",
        "Aveline burns: −2 PV (10 left) · Incendiary gauge → 2",
        "Brute force field restored (renfort: 2)",
      ],
    },
    buttons: [],
  },
  {
    name: "threshold crossed, nothing happened",
    render: () => played((w) => thresholdCrossed(w, false)),
    shows: {
      fr: ["Passage de seuil", "Début du tour 2", "Rien ne change."],
      en: ["Threshold crossed", "Start of round 2", "Nothing changes."],
    },
    buttons: [],
  },
  {
    name: "combat notice",
    render: () =>
      played(async (w) => {
        const ana = await hero(w);
        const combat = await fight(w, "timeline", [ana]);
        const ownerId = [...combat.combatants][0]!.id!;
        const { postFocusLost } = await combatPosters();
        await w.as("gm-1", () => postFocusLost(combat, ownerId, [{ id: "lostAction0001", position: 5 } as never]));
        return lastCard(w, "notice");
      }),
    shows: {
      fr: ["Combat", "Aveline gagne de l'Épuisement : son action focalisée (position 5) est perdue."],
      en: ["Combat", "Aveline gains Exhaustion: their focused action (position 5) is lost."],
    },
    buttons: [],
  },
  {
    name: "due Différé action, its card shown again",
    render: () =>
      played(async (w) => {
        const kara = await hero(w);
        const combat = await fight(w, "timeline", [kara]);
        queueDiceFaces([6, 5]);
        const card = (await kara.rollScore({ subAptitude: "precision", difficulty: 10 }, { fastForward: true }))!;
        const ownerId = [...combat.combatants][0]!.id!;
        const { postDueAction } = await combatPosters();
        await w.as("gm-1", () => postDueAction(combat, { id: card.id!, ownerId }));
        return lastCard(w, "delayedDue");
      }),
    shows: {
      fr: ["Action différée (Aveline) : elle se résout.", "Test de score", "Réussite 16", "1 degré de réussite"],
      en: ["Aveline's delayed action resolves.", "Score test", "Success 16", "1 degree of success"],
    },
    buttons: [],
  },
  {
    name: "move card with the armour's Requis exhaustion",
    render: () =>
      played(async (w) => {
        const kara = await hero(w, {}, [
          {
            name: named("armour"),
            type: "armor",
            system: { equipped: true, renfort: 3, attributes: [{ key: "requires", aptitude: "puissance", x: 5 }] },
          },
        ]);
        return kara.move({ pursuit: false }, { fastForward: true });
      }),
    shows: {
      fr: ["Déplacement", "Aveline", "Se déplace", "MOU 4.", "Requis (Armure de siège) : +2 Épuisement."],
      en: ["Move", "Aveline", "Moves", "MOU 4.", "Requires (Siege armour): +2 Exhaustion."],
    },
    buttons: [],
  },
  {
    name: "panic drawn: Tenir bon",
    render: () => played((w) => panicDrawn(w, 1)),
    shows: {
      fr: ["Test de moral", "Échec", "Tenir bon", "d10 : 1", "corps-à-corps à −1 ATT"],
      en: ["Morale test", "Failure", "Hold", "d10: 1", "fights in melee at −1 ATT"],
    },
    buttons: [],
  },
  {
    name: "panic drawn: Détruite",
    render: () => played((w) => panicDrawn(w, 10)),
    shows: {
      fr: ["Test de moral", "Détruite", "d10 : 10", "Le reste de l'unité est retiré comme pertes."],
      en: ["Morale test", "Destroyed", "d10: 10", "The rest of the unit is removed as casualties."],
    },
    buttons: [],
  },
  {
    name: "morale test succeeding",
    render: () =>
      played(async (w) => {
        const choir = await unit(w);
        queueDiceFaces([4]);
        return choir.moraleTest({ fastForward: true });
      }),
    shows: { fr: ["Test de moral", "Réussite", "Commandement 7"], en: ["Morale test", "Success", "Command 7"] },
    hides: ["Tirer sur la table de panique", "Roll on the panic table"],
    buttons: [],
  },
  {
    name: "fear test passed",
    render: () =>
      played(async (w) => {
        const choir = await unit(w);
        queueDiceFaces([3]);
        return choir.fearTest({ fear: 2, charging: true }, { fastForward: true });
      }),
    shows: {
      fr: ["Test de peur", "Réussite", "Peur de l'ennemi −2", "Seuil (d10 ≤) 5"],
      en: ["Fear test", "Success", "Enemy's fear −2", "Target (d10 ≤) 5"],
    },
    hides: ["La charge est annulée", "The charge is called off"],
    buttons: [],
  },
  {
    name: "cancel failing",
    render: () =>
      played(async (w) => {
        const ilse = await hero(w, { psyker: { mastery: 2 } });
        queueDiceFaces([9]);
        return ilse.cancelPower({ level: 5 }, { fastForward: true });
      }),
    shows: {
      fr: ["Annulation d'un pouvoir", "Échec", "L'effet visé continue.", "AC dépensées : 3.", "Seuil (d10 ≤) 6"],
      en: ["Cancelling a power", "Failure", "The targeted effect goes on.", "AC spent: 3.", "Target (d10 ≤) 6"],
    },
    hides: ["L'effet visé prend fin.", "The targeted effect ends."],
    buttons: [],
  },
  {
    name: "cast with concentration",
    render: () =>
      played(async (w) => {
        const ilse = await hero(w, { psyker: { mastery: 2 } }, [
          { _id: "shield000000001", name: named("power"), type: "power", system: { level: 6, cost: 4 } },
        ]);
        queueDiceFaces([8]);
        return ilse.castPower("shield000000001", { fastForward: true, concentration: true });
      }),
    shows: {
      fr: [
        "Lancement de pouvoir psy",
        "Bouclier",
        "Concentration +1",
        "Seuil (d10 ≤) 9",
        "Réussite",
        "AC dépensées : 5.",
      ],
      en: ["Casting a psychic power", "Shield", "Concentration +1", "Target (d10 ≤) 9", "Success", "AC spent: 5."],
    },
    buttons: [],
  },
  {
    name: "attack with Requis, Tectonique, gauges and Adaptatif: the damage applied",
    render: () =>
      played(async (w) => {
        const kara = await hero(w, {}, [
          {
            _id: "hammer000000001",
            name: named("hammer"),
            type: "weapon",
            system: {
              equipped: true,
              range: "melee",
              weight: "heavy",
              subAptitude: "force",
              strength: 6,
              attributes: [
                { key: "requires", aptitude: "puissance", x: 4 },
                { key: "tectonic", x: 0 },
                { key: "incendiary", x: 2 },
                { key: "disruptive", x: 1 },
              ],
            },
          },
        ]);
        const brute = await enemy(w);
        const scene = await placesScene(w, [
          { actor: kara, in: "place" },
          { actor: brute, in: "place" },
        ]);
        target(w, scene, "tok1");
        queueDiceFaces([5, 6]);
        const card = (await kara.attack("hammer000000001", { fastForward: true }))!;
        queueDiceFaces([1, 2]);
        await w.click("player-2", "defend", card, { targetIndex: 0 });
        await w.click("player-2", "applyDamage", card, { targetIndex: 0 });
        return card;
      }),
    shows: {
      fr: ["Attaque", "Marteau-piston", "Touche Brute", "16 contre 5", "Dégâts 6 → champ −2 → armure −1 → PV −3"],
      en: ["Attack", "Piston hammer", "Hits Brute", "16 vs 5", "Damage 6 → field −2 → armour −1 → PV −3"],
    },
    buttons: [],
  },
  {
    name: "De zone attack with a target spared and its Et Soi row",
    render: () =>
      played(async (w) => {
        const kara = await hero(w, {}, [
          {
            _id: "grenade00000001",
            name: named("grenade"),
            type: "grenade",
            system: {
              quantity: 2,
              strength: 3,
              subAptitude: "scholastique",
              attributes: [
                { key: "range", x: 0, y: 2 },
                { key: "area", x: 1, self: true },
              ],
            },
          },
        ]);
        const brute = await enemy(w);
        const ork = await w.own("Ork", "character", {}, "player-2");
        const scene = await placesScene(w, [
          { actor: kara, in: "place" },
          { actor: brute, in: "other" },
          { actor: ork, in: "other" },
        ]);
        target(w, scene, "tok1");
        queueDiceFaces([4, 4]);
        const pending = kara.attack("grenade00000001");
        const dialog = await nextDialog();
        // The attacker hits Ork and spares Brute (1 Épuisement) and stays in the blast (Et Soi, ticked).
        await answerDialog(dialog, null, { "hit-1": true, "hit-2": true, modifier: "0" });
        const card = (await pending)!;
        queueDiceFaces([1, 1]);
        await w.click("player-1", "defend", card, { targetIndex: 1 });
        return card;
      }),
    shows: {
      fr: ["Attaque", "Grenade à fragmentation", "Ork : défense attendue", "à 1 lieu", "Touche Aveline", "15 contre 5"],
      en: ["Attack", "Frag grenade", "Ork: defence to roll", "1 place away", "Hits Aveline", "15 vs 5"],
    },
    hides: ["Brute"],
    // Ork's owner is another player; the attacker, hit by her own grenade, may apply its damage.
    buttons: ["applyDamage"],
  },
  {
    name: "a hit that takes the force field down",
    render: () =>
      played(async (w) => {
        const kara = await hero(w, {}, [
          {
            _id: "flamer000000001",
            name: named("flamer"),
            type: "weapon",
            system: {
              equipped: true,
              range: "ranged",
              subAptitude: "precision",
              strength: 5,
              attributes: [{ key: "range", x: 0, y: 2 }],
            },
          },
        ]);
        const brute = await enemy(w);
        const scene = await placesScene(w, [
          { actor: kara, in: "place" },
          { actor: brute, in: "other" },
        ]);
        target(w, scene, "tok1");
        queueDiceFaces([6, 6]);
        const card = (await kara.attack("flamer000000001", { fastForward: true }))!;
        queueDiceFaces([1, 1]);
        await w.click("player-2", "defend", card, { targetIndex: 0 });
        await w.click("player-2", "applyDamage", card, { targetIndex: 0 });
        return card;
      }),
    shows: {
      fr: ["Touche Brute", "Dégâts 5 → champ −2 → armure −1 → PV −2"],
      en: ["Hits Brute", "Damage 5 → field −2 → armour −1 → PV −2"],
    },
    buttons: [],
  },
  {
    name: "Étourdissante in tours mode: the stun left to the GM",
    render: () =>
      played(async (w) => {
        const kara = await hero(w, {}, [
          {
            _id: "blinding0000001",
            name: named("blinding"),
            type: "grenade",
            system: {
              quantity: 2,
              strength: 4,
              subAptitude: "scholastique",
              attributes: [
                { key: "range", x: 0, y: 2 },
                { key: "stunning", score: "reflexe", y: 18 },
              ],
            },
          },
        ]);
        const brute = await enemy(w);
        const scene = await placesScene(w, [
          { actor: kara, in: "place" },
          { actor: brute, in: "other" },
        ]);
        await fight(w, "tours", [kara, brute]);
        target(w, scene, "tok1");
        queueDiceFaces([6, 6]);
        const card = (await kara.attack("blinding0000001", { fastForward: true }))!;
        queueDiceFaces([1, 1]);
        await w.click("player-2", "defend", card, { targetIndex: 0 });
        // The stun test is the target's, rolled with the damage: 2d6 = 7 + Réflexe 2 = 9 against 18.
        queueDiceFaces([3, 4]);
        await w.click("player-2", "applyDamage", card, { targetIndex: 0 });
        return card;
      }),
    shows: {
      fr: [
        "Touche Brute",
        "Étourdissement : 2 positions plus tard — à reporter par le MJ ; en mode tours, 2 AC de moins à sa prochaine activation",
      ],
      en: [
        "Hits Brute",
        "Stunned: 2 positions later — for the GM to apply; in rounds mode, 2 fewer AC at its next activation",
      ],
    },
    buttons: [],
  },
];
