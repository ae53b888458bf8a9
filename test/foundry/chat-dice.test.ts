import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { installDiceSoNice, type DiceSoNiceStandIn, type ShownRoll } from "./stand-ins/dice-so-nice";
import type { FakeElement } from "./fake-chat";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";

// Dice where they are seen (DESIGN §4, core review N4, M1): a push, a defence and a panic draw
// are rolled on the clicking user's client and shown only once the one writer has accepted them —
// a defence's or a panic draw's dice by the CLICKER's client, when the writer asks it, through
// Dice So Nice as that user's own dice, synchronised for everyone who may see the card (so the
// GM's own DSN settings decide nothing); a push's, appended to the card, by Dice So Nice's own
// update hook; without DSN, core's dice sound played by the clicker for the card's viewers — so
// dice the writer refuses (a second push of the same card) are never shown. A card is rendered
// once, inside renderHTML, the render hook only wiring its buttons (M4). Dice So Nice's colour
// sets and faces themselves: integrations-dice.test.ts.

let w: ChatWorld;
let kara: TacticaActor;
/** The Dice So Nice stand-in, when the test installed it (before init). */
let dsn: DiceSoNiceStandIn | undefined;

async function world(withDsn: boolean): Promise<void> {
  dsn = undefined;
  w = await chatWorld("fr", withDsn ? (fake) => void (dsn = installDiceSoNice(fake.game)) : undefined);
  kara = await w.own("Kara", "character", {
    system: { aptitudes: { vivacite: { value: 3 } }, subAptitudes: { reflexe: { value: 1 }, precision: { value: 2 } } },
    items: [
      {
        _id: "rifle0000000001",
        name: "Fusil",
        type: "weapon",
        system: { equipped: true, range: "ranged", damage: 4, gearBonus: 1 },
      },
    ],
  });
}

beforeEach(() => world(false));
afterEach(() => void vi.useRealTimers());

const played = () =>
  (
    w.fake.foundry as unknown as {
      audio: { AudioHelper: { played: { data: { src: string }; socketOptions: unknown; client: string | null }[] } };
    }
  ).audio.AudioHelper.played;

/** The dice sound core plays for a roll, played on the client `client`, for everyone else (`true`) or `to`. */
const SOUND = (client: string, to: string[] | null = null) => ({
  data: { src: "sounds/dice.wav", volume: 0.8, loop: false },
  socketOptions: to ? { recipients: to } : true,
  client,
});

/** The showings of `message`'s dice after its creation's (DSN animates a new card's rolls itself). */
function shownAfterCreation(message: TacticaChatMessage): ShownRoll[] {
  const shown = dsn!.shown.filter((s) => s.messageId === message.id);
  expect(shown[0]).toMatchObject({ via: "message", userId: "player-1" });
  return shown.slice(1);
}

/** What one showing's dice came up. */
const results = (s: ShownRoll) => s.faces.map((f) => f.result);

/** Kara owned by player-2 too (her ownership is the GM's to change). */
const sharedWithPlayer2 = () =>
  w.as("gm-1", () => kara.update({ ownership: { default: 0, "player-1": 3, "player-2": 3 } } as never));

/** Kara's pool card B[1,3,5] S[4] G[2] (player-1's): a push rerolls B3 B5 S4 G2. */
async function poolCard(): Promise<TacticaChatMessage> {
  queueDiceFaces([1, 3, 5, 4, 2]);
  return (await kara.rollPool(
    { aptitude: "vivacite", subAptitude: "reflexe", itemId: "rifle0000000001" },
    { fastForward: true },
  ))!;
}

/** Kara's attack on Vex (player-2's), its card whispered to gm-1 and player-2. */
async function attackOnVex(): Promise<TacticaChatMessage> {
  const vex = await w.createActor({ name: "Vex", type: "character", ownership: { default: 0, "player-2": 3 } });
  queueDiceFaces([6, 6]);
  const attack = (await kara.attack("rifle0000000001", { fastForward: true }))!;
  await attack.update({
    whisper: ["gm-1", "player-2"],
    system: { targets: [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex" }] },
  } as never);
  return attack;
}

describe("dice shown once the writer accepted them", () => {
  it("a push is shown once, by Dice So Nice's own update hook: the rerolled dice only, each kind in its colour", async () => {
    await world(true);
    const message = await poolCard();
    queueDiceFaces([6, 6, 6, 6]);
    expect(await w.click("player-1", "push", message)).toEqual({ ok: true });
    const [pushed, ...more] = shownAfterCreation(message);
    expect(more).toEqual([]);
    // Appended to the card as its last roll: DSN shows it on every client that may see the card.
    expect(pushed).toMatchObject({ via: "message", userId: "player-1", users: null, messageId: message.id });
    expect((pushed!.roll as { formula: string }[]).map((r) => r.formula)).toEqual([
      "2d6[base] + 1d6[skill] + 1d6[gear]",
    ]);
    expect(pushed!.faces.map((f) => [f.result, f.colorset])).toEqual([
      [6, "tactica-base"],
      [6, "tactica-base"],
      [6, "tactica-skill"],
      [6, "tactica-gear"],
    ]);
    expect(played()).toEqual([]);
  });

  it("without Dice So Nice, the pusher's client plays core's dice sound for everyone, once", async () => {
    const message = await poolCard();
    queueDiceFaces([6, 6, 6, 6]);
    await w.click("player-1", "push", message);
    await w.socket.settled();
    expect(played()).toEqual([SOUND("player-1")]);
  });

  it("three clients push the same card at once: only the accepted push's dice are shown, once", async () => {
    await world(true);
    await sharedWithPlayer2();
    const message = await poolCard();
    // Each client rolls its own four dice (twelve faces in all, drawn as the clients roll).
    queueDiceFaces([6, 6, 6, 6, 2, 2, 2, 2, 3, 3, 3, 3]);
    const results3 = await Promise.all([
      w.click("player-1", "push", message),
      w.click("player-2", "push", message),
      w.click("gm-1", "push", message),
    ]);
    expect(results3.filter((r) => r.ok)).toHaveLength(1);
    expect(results3.filter((r) => !r.ok).map((r) => r.reason)).toEqual([
      "TACTICA.Chat.alreadyPushed",
      "TACTICA.Chat.alreadyPushed",
    ]);
    const shown = shownAfterCreation(message);
    expect(shown).toHaveLength(1);
    // The dice shown are those the card now holds: the accepted push's, never a refused one's.
    const accepted = (message.rolls.at(-1) as unknown as { dice: { results: { result: number }[] }[] }).dice;
    expect(results(shown[0]!)).toEqual(accepted.flatMap((d) => d.results.map((r) => r.result)));
    expect(dsn!.shown.filter((s) => s.via === "api")).toEqual([]);
  });

  it("three clients push the same card at once without Dice So Nice: the sound plays once", async () => {
    await sharedWithPlayer2();
    const message = await poolCard();
    queueDiceFaces([6, 6, 6, 6, 2, 2, 2, 2, 3, 3, 3, 3]);
    const all = await Promise.all([
      w.click("player-1", "push", message),
      w.click("player-2", "push", message),
      w.click("gm-1", "push", message),
    ]);
    expect(all.map((r) => r.ok).sort()).toEqual([false, false, true]);
    await w.socket.settled();
    const pusher = ["player-1", "player-2", "gm-1"][all.findIndex((r) => r.ok)]!;
    expect(played()).toEqual([SOUND(pusher)]);
  });

  it("a push the writer refuses (pushed already) shows nothing and plays nothing", async () => {
    await world(true);
    const message = await poolCard();
    queueDiceFaces([6, 6, 6, 6]);
    await w.click("player-1", "push", message);
    const before = dsn!.shown.length;
    queueDiceFaces([1, 1, 1, 1]);
    expect(await w.click("player-1", "push", message)).toMatchObject({ ok: false });
    expect(dsn!.shown).toHaveLength(before);
  });

  it("a defence is shown by the defender's client as their own dice, synchronised, to those who may see the card; a panic draw by the roller's", async () => {
    await world(true);
    const attack = await attackOnVex();
    queueDiceFaces([2, 5]);
    expect(await w.click("player-2", "defend", attack, { targetIndex: 0 })).toEqual({ ok: true });
    const [defence, ...more] = shownAfterCreation(attack);
    expect(more).toEqual([]);
    // The whisper's recipients and the card's author (core's isContentVisible); the GM sees it.
    expect(defence).toMatchObject({
      via: "api",
      client: "player-2",
      userId: "player-2",
      synchronize: true,
      users: ["gm-1", "player-2", "player-1"],
      blind: false,
    });
    expect([(defence!.roll as { formula: string }).formula, results(defence!)]).toEqual(["2d6 + 0", [2, 5]]);
    expect(attack.card?.targets[0]?.dice).toEqual([2, 5]);
    const unit = await w.own("Escouade", "unit", { system: { profile: { co: { value: 2 } } } });
    queueDiceFaces([9]);
    const morale = (await unit.moraleTest({ fastForward: true }))!;
    queueDiceFaces([4]);
    expect(await w.click("player-1", "rollPanic", morale)).toEqual({ ok: true });
    const [panic, ...after] = shownAfterCreation(morale);
    expect(after).toEqual([]);
    expect(panic).toMatchObject({ via: "api", client: "player-1", userId: "player-1", synchronize: true, users: null });
    expect([(panic!.roll as { formula: string }).formula, results(panic!)]).toEqual(["1d10", [4]]);
    expect(morale.card?.panicFace).toBe(4);
  });

  it("a resist is shown by the target's client as their own die; a pushed score test, appended to its card, by DSN's update hook", async () => {
    await world(true);
    await w.as("gm-1", () => w.fake.settings.set("tactica", "pushScores", true));
    const mind = await w.own("Mira", "character", {
      system: { psyker: { mastery: 2 }, profile: { ac: { value: 8 } }, subAptitudes: { reflexe: { value: 1 } } },
      items: [{ _id: "power0000000001", name: "Choc", type: "power", system: { level: 2, cost: 6, resist: "end" } }],
    });
    const vex = await w.createActor({ name: "Vex", type: "character", ownership: { default: 0, "player-2": 3 } });
    queueDiceFaces([3]);
    const cast = (await mind.castPower("power0000000001", { fastForward: true }))!;
    await cast.update({ system: { targets: [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex" }] } } as never);
    queueDiceFaces([7]);
    expect(await w.click("player-2", "resist", cast, { targetIndex: 0 })).toEqual({ ok: true });
    const [resist, ...more] = shownAfterCreation(cast);
    expect(more).toEqual([]);
    expect(resist).toMatchObject({
      via: "api",
      client: "player-2",
      userId: "player-2",
      synchronize: true,
      users: null,
    });
    expect(results(resist!)).toEqual([7]);
    queueDiceFaces([1, 4]);
    const score = (await mind.rollScore({ subAptitude: "reflexe", difficulty: 15 }, { fastForward: true }))!;
    queueDiceFaces([5]);
    expect(await w.click("player-1", "push", score)).toEqual({ ok: true });
    const [pushed, ...after] = shownAfterCreation(score);
    expect(after).toEqual([]);
    expect(pushed).toMatchObject({ via: "message", userId: "player-1" });
    expect(results(pushed!)).toEqual([5]);
  });

  it("two clients defend the same row at once: one showing, of the accepted defence, as its defender's", async () => {
    await world(true);
    const attack = await attackOnVex();
    queueDiceFaces([2, 5, 3, 3]);
    const both = await Promise.all([
      w.click("player-2", "defend", attack, { targetIndex: 0 }),
      w.click("gm-1", "defend", attack, { targetIndex: 0 }),
    ]);
    expect(both.map((r) => r.ok).sort()).toEqual([false, true]);
    const shown = shownAfterCreation(attack);
    expect(shown).toHaveLength(1);
    const accepted = attack.card!.targets[0]!.dice;
    expect(results(shown[0]!)).toEqual(accepted);
    // Whoever's defence landed is the user the dice are shown for.
    expect(shown[0]).toMatchObject({ synchronize: true, userId: accepted[0] === 2 ? "player-2" : "gm-1" });
  });

  it("without Dice So Nice, a defence plays the sound once, on the defender's client, for the card's other viewers", async () => {
    const attack = await attackOnVex();
    queueDiceFaces([2, 5]);
    await w.click("player-2", "defend", attack, { targetIndex: 0 });
    // Whispered to gm-1 and player-2, authored by player-1 (not blind): never to anyone else.
    expect(played()).toEqual([SOUND("player-2", ["gm-1", "player-1"])]);
  });

  it("the writer never waits for a throw: one that never ends on the GM's own screen, the card is written at once", async () => {
    await world(true);
    const attack = await attackOnVex();
    // A throw that never ends on the writer's screen (a hidden tab: DSN queues it until shown).
    const never = vi.spyOn(dsn!, "showForRoll").mockImplementation(() => new Promise<boolean>(() => {}));
    queueDiceFaces([2, 5]);
    expect(await w.click("gm-1", "defend", attack, { targetIndex: 0 })).toEqual({ ok: true });
    expect(never).toHaveBeenCalledTimes(1);
    expect(attack.card?.targets[0]?.dice).toEqual([2, 5]);
  });
});

describe("dice shown by their roller, whatever the GM's own Dice So Nice settings (core review M1)", () => {
  for (const [label, setting] of [
    ["3D dice off", { enabled: false }],
    ['"only show my own dice"', { onlyShowOwnDice: true }],
  ] as const) {
    it(`the GM with DSN's ${label}: a player's defence is still shown, once, synchronised, as theirs`, async () => {
      await world(true);
      dsn!.configure("gm-1", setting);
      const attack = await attackOnVex();
      queueDiceFaces([2, 5]);
      expect(await w.click("player-2", "defend", attack, { targetIndex: 0 })).toEqual({ ok: true });
      await w.socket.settled();
      const [defence, ...more] = shownAfterCreation(attack);
      expect(more).toEqual([]);
      expect(defence).toMatchObject({ via: "api", client: "player-2", userId: "player-2", synchronize: true });
      expect(results(defence!)).toEqual([2, 5]);
      // The stand-in honours the setting: the GM's own call would have shown nothing.
      expect(await w.as("gm-1", () => dsn!.showForRoll({ dice: [] }, { id: "player-2" }, true))).toBe(false);
    });
  }

  it("a player whose own DSN shows only their dice still sees (and synchronises) their defence", async () => {
    await world(true);
    dsn!.configure("player-2", { onlyShowOwnDice: true });
    const attack = await attackOnVex();
    queueDiceFaces([2, 5]);
    await w.click("player-2", "defend", attack, { targetIndex: 0 });
    expect(shownAfterCreation(attack)).toMatchObject([{ client: "player-2", userId: "player-2", synchronize: true }]);
  });

  it("a refused second defence of the same row shows nothing, the GM's DSN off", async () => {
    await world(true);
    dsn!.configure("gm-1", { enabled: false });
    const attack = await attackOnVex();
    queueDiceFaces([2, 5]);
    await w.click("player-2", "defend", attack, { targetIndex: 0 });
    const before = dsn!.shown.length;
    queueDiceFaces([6, 6]);
    expect(await w.click("player-2", "defend", attack, { targetIndex: 0 })).toMatchObject({ ok: false });
    await w.socket.settled();
    expect(dsn!.shown).toHaveLength(before);
    expect(attack.card?.targets[0]?.dice).toEqual([2, 5]);
  });

  it("the writer asks the clicker to show its dice before it answers, after its last refusal", async () => {
    await world(true);
    const attack = await attackOnVex();
    queueDiceFaces([2, 5]);
    await w.click("player-2", "defend", attack, { targetIndex: 0 });
    const types = w.socket.sent
      .map((m) => m.args[0] as { type?: string; to?: string })
      .filter((m) => m.type === "show" || m.type === "response")
      .map((m) => `${m.type} ${m.to ?? ""}`.trim());
    expect(types).toEqual(["show player-2", "response player-2"]);
  });

  it("a player's throw that never ends holds neither the writer nor the next player's click (security B3)", async () => {
    await world(true);
    const attack = await attackOnVex();
    const never = vi.spyOn(dsn!, "showForRoll").mockImplementation(() => new Promise<boolean>(() => {}));
    queueDiceFaces([2, 5]);
    expect(await w.click("player-2", "defend", attack, { targetIndex: 0 })).toEqual({ ok: true });
    // (Not the socket's settling: the player's own client waits for its throw, bounded, and may.)
    await vi.waitFor(() => expect(never).toHaveBeenCalledTimes(1));
    expect(attack.card?.targets[0]?.dice).toEqual([2, 5]);
    // The same player's second click is answered at once too (refused: already defended).
    queueDiceFaces([6, 6]);
    expect(await w.click("player-2", "defend", attack, { targetIndex: 0 })).toMatchObject({ ok: false });
  });

  it('a "show" that is not the active GM\'s, or not for a pending request, shows nothing', async () => {
    await world(true);
    const attack = await attackOnVex();
    w.socket.silenced.add("gm-1");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    queueDiceFaces([2, 5]);
    const pending = w.click("player-2", "defend", attack, { targetIndex: 0 });
    await vi.advanceTimersByTimeAsync(10);
    const request = w.socket.sent.find((m) => (m.args[0] as { type?: string }).type === "request")!;
    const id = (request.args[0] as { id: string }).id;
    const before = dsn!.shown.length;
    // A player forging the writer's message, then a GM naming a request nobody waits for.
    await w.as("player-1", async () => w.socket.emit("system.tactica", { type: "show", id, to: "player-2" }));
    await w.as("gm-1", async () => w.socket.emit("system.tactica", { type: "show", id: "nope", to: "player-2" }));
    await vi.advanceTimersByTimeAsync(10);
    expect(dsn!.shown).toHaveLength(before);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await pending).toMatchObject({ ok: false, reason: "TACTICA.Chat.noAnswer" });
    expect(dsn!.shown).toHaveLength(before);
  });
});

describe("a card rendered once, in renderHTML", () => {
  it("renderHTML fills the content with the viewer's card once; the render hook only wires a listener", async () => {
    const message = await poolCard();
    const renderCard = vi.spyOn(message, "renderCard");
    const element: FakeElement = await w.elementAs("player-1", message);
    expect(renderCard).toHaveBeenCalledTimes(1);
    const content = element.querySelector(".message-content")!.innerHTML;
    expect(content).toContain('data-action="push"');
    expect(message.content).not.toContain("data-action");
    // Core fired the hook inside renderHTML; firing it again adds a listener and changes no HTML.
    w.fake.hooks.callAll("renderChatMessageHTML", message, element, {});
    expect(element.querySelector(".message-content")!.innerHTML).toBe(content);
    expect(renderCard).toHaveBeenCalledTimes(1);
  });

  /** The templates rendered while `fn` runs. */
  async function templatesDuring(fn: () => Promise<unknown>): Promise<string[]> {
    const handlebars = (
      w.fake.foundry as unknown as {
        applications: { handlebars: { renderTemplate(p: string, c: object): Promise<string> } };
      }
    ).applications.handlebars;
    const spy = vi.spyOn(handlebars, "renderTemplate");
    try {
      await fn();
      return spy.mock.calls.map((c) => c[0].split("/").at(-1)!);
    } finally {
      spy.mockRestore();
    }
  }

  it("each card is rendered ONCE: core renders none of a visible card's rolls, and the state is part of the same render", async () => {
    const message = await poolCard();
    queueDiceFaces([6, 6, 6, 6]);
    await w.click("player-1", "push", message);
    expect(message.rolls).toHaveLength(2);
    await message.update({ system: { notes: ["TACTICA.Chat.pressure.window.turn"] } } as never);
    // Two rolls (the first roll and the push) and a note: one template, the card with its state inside.
    expect(await templatesDuring(() => w.elementAs("player-1", message))).toEqual(["pool.hbs"]);
  });

  it("each card is rendered ONCE for a viewer who may not see it: core's private render of each roll is skipped", async () => {
    const message = await poolCard();
    queueDiceFaces([6, 6, 6, 6]);
    await w.click("player-1", "push", message);
    await message.update({ blind: true, whisper: ["gm-1"] } as never);
    // Core renders every roll of a hidden message privately (v13 #renderRollContent), whatever its content.
    const element: FakeElement = await w.elementAs("player-2", message);
    expect(await templatesDuring(() => w.elementAs("player-2", message))).toEqual(["pool.hbs"]);
    const content = element.querySelector(".message-content")!.innerHTML;
    expect(content.match(/<article/g)).toHaveLength(1);
    expect(content).toContain("tactica-card__private");
  });

  it("a Tactica roll outside a card message still renders for core (only a card's own rolls are skipped)", async () => {
    const message = await poolCard();
    const roll = message.rolls.at(-1) as unknown as { render(o?: object): Promise<string> };
    expect(await roll.render({ isPrivate: true })).toContain("tactica-card__private");
  });

  it("the push button of the rendered card, clicked, pushes through the real click path (its listener delegated on the message)", async () => {
    const message = await poolCard();
    const element = await w.elementAs("player-1", message);
    const push = element.querySelectorAll("button[data-action]").find((b) => b.dataset.action === "push")!;
    queueDiceFaces([6, 6, 6, 6]);
    await w.as("player-1", () => push.click());
    expect(message.rolls).toHaveLength(2);
    expect(push.disabled).toBe(false);
  });
});
