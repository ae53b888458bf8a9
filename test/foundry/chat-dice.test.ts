import { beforeEach, describe, expect, it, vi } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import type { FakeElement } from "./fake-chat";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";

// Dice where they are seen (DESIGN §4): a push, a defence and a panic draw
// are rolled on the clicking user's client and shown there — through Dice So Nice when it is
// active (the pushed dice only, each kind in its colour set), else with core's dice sound — and
// a card is rendered once, inside renderHTML, the render hook only wiring its buttons (M4). Dice So
// Nice's colour sets and faces themselves: integrations-dice.test.ts.

let w: ChatWorld;
let kara: TacticaActor;

interface Dsn {
  showForRoll: ReturnType<typeof vi.fn>;
  addColorset: ReturnType<typeof vi.fn>;
}

beforeEach(async () => {
  w = await chatWorld();
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
});

/** Dice So Nice's API as a test double (DSN `module/Dice3D.js`: showForRoll, addColorset). */
function installDsn(): Dsn {
  const dsn = { showForRoll: vi.fn(async () => true), addColorset: vi.fn() };
  Object.assign(w.fake.game, { dice3d: dsn });
  return dsn;
}

const played = () =>
  (
    w.fake.foundry as unknown as {
      audio: { AudioHelper: { played: { data: { src: string }; socketOptions: unknown }[] } };
    }
  ).audio.AudioHelper.played;

/** Kara's pool card B[1,3,5] S[4] G[2] (player-1's): a push rerolls B3 B5 S4 G2. */
async function poolCard(): Promise<TacticaChatMessage> {
  queueDiceFaces([1, 3, 5, 4, 2]);
  return (await kara.rollPool(
    { aptitude: "vivacite", subAptitude: "reflexe", itemId: "rifle0000000001" },
    { fastForward: true },
  ))!;
}

describe("dice shown where they are rolled", () => {
  it("a push is shown through Dice So Nice by the pusher: the rerolled dice only, each kind in its colour", async () => {
    const dsn = installDsn();
    const message = await poolCard();
    queueDiceFaces([6, 6, 6, 6]);
    expect(await w.click("player-1", "push", message)).toEqual({ ok: true });
    expect(dsn.showForRoll).toHaveBeenCalledTimes(1);
    const [roll, user, synchronize, users, blind, messageId, speaker] = dsn.showForRoll.mock.calls[0]!;
    expect((roll as { formula: string }).formula).toBe("2d6[base] + 1d6[skill] + 1d6[gear]");
    expect(
      (roll as { dice: { options: { appearance?: { colorset: string } } }[] }).dice.map(
        (d) => d.options.appearance?.colorset,
      ),
    ).toEqual(["tactica-base", "tactica-skill", "tactica-gear"]);
    expect([(user as { id: string }).id, synchronize, users, blind, messageId]).toEqual([
      "player-1",
      true,
      null,
      false,
      message.id,
    ]);
    expect(speaker).toEqual(message.speaker);
    expect(played()).toEqual([]);
  });

  it("without Dice So Nice, the pusher's client plays core's dice sound for everyone", async () => {
    const message = await poolCard();
    queueDiceFaces([6, 6, 6, 6]);
    await w.click("player-1", "push", message);
    expect(played()).toEqual([{ data: { src: "sounds/dice.wav", volume: 0.8, loop: false }, socketOptions: true }]);
  });

  it("a defence is rolled and shown on the defender's client, with the card's whisper; a panic draw on the roller's", async () => {
    const dsn = installDsn();
    const vex = await w.createActor({ name: "Vex", type: "character", ownership: { default: 0, "player-2": 3 } });
    queueDiceFaces([6, 6]);
    const attack = (await kara.attack("rifle0000000001", { fastForward: true }))!;
    await attack.update({
      whisper: ["gm-1", "player-2"],
      system: { targets: [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex" }] },
    } as never);
    queueDiceFaces([2, 5]);
    expect(await w.click("player-2", "defend", attack, { targetIndex: 0 })).toEqual({ ok: true });
    const [roll, user, , users] = dsn.showForRoll.mock.calls.at(-1)!;
    expect([(roll as { formula: string }).formula, (user as { id: string }).id, users]).toEqual([
      "2d6 + 0",
      "player-2",
      ["gm-1", "player-2"],
    ]);
    expect(attack.card?.targets[0]?.dice).toEqual([2, 5]);
    const unit = await w.own("Escouade", "unit", {
      system: { profile: { co: { value: 2 } } },
    });
    queueDiceFaces([9]);
    const morale = (await unit.moraleTest({ fastForward: true }))!;
    queueDiceFaces([4]);
    expect(await w.click("player-1", "rollPanic", morale)).toEqual({ ok: true });
    expect((dsn.showForRoll.mock.calls.at(-1)![0] as { formula: string }).formula).toBe("1d10");
    expect(morale.card?.panicFace).toBe(4);
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
