import { beforeEach, describe, expect, it } from "vitest";
import { evaluations, queueDiceFaces } from "./fake-dice";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { FakeElement, type FakeEvent } from "./fake-chat";
import { sourceOf } from "./world";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";
import type { TacticaCombat } from "../../src/combat/combat";
import type { CardActionName } from "../../src/chat/kinds/index";

// A click on the CLICKING user's client (src/chat/click.ts, DESIGN §4): what the user is told — a
// refusal's localised reason with its values, nothing for an action that landed; a click that is
// no card's action is refused before any die; a blind card's dice are never interactive; and the
// card's listener: a disabled button waits, a click on no button or on a button the card does not
// declare does nothing, a die's button carries its index. A *Différé* attack's declaration tells
// its refusal to the attacker, and asks nothing outside a timeline.

let w: ChatWorld;
let kara: TacticaActor;
let vex: TacticaActor;

beforeEach(async () => {
  w = await chatWorld();
  kara = await w.own("Kara", "character", {
    system: { aptitudes: { vivacite: { value: 3 } }, subAptitudes: { reflexe: { value: 1 } } },
    items: [
      { _id: "rifle0000000001", name: "Fusil", type: "weapon", system: { equipped: true, range: "ranged", damage: 4 } },
      {
        _id: "karaMortar00001",
        name: "Mortier",
        type: "weapon",
        system: { equipped: true, range: "ranged", damage: 1, attributes: [{ key: "delayed", x: 2, focused: false }] },
      },
      {
        _id: "gear000000000001",
        name: "Soupape",
        type: "gear",
        system: { linked: true, equipped: true, pressureTarget: "def", pressureDice: 2 },
      },
    ],
  });
  vex = await w.own("Vex", "character", { system: { profile: { pv: { value: 10, max: 10 } } } }, "player-2");
});

/** Kara's pool card, B[2,3,4] S[5]: every die can be pushed. */
async function poolCard(): Promise<TacticaChatMessage> {
  queueDiceFaces([2, 3, 4, 5]);
  return (await kara.rollPool({ aptitude: "vivacite", subAptitude: "reflexe" }, { fastForward: true }))!;
}

/** The error notifications shown while `fn` runs (the fake keeps one list; each test's clicks are one user's). */
const errorsOf = (fn: () => Promise<unknown>) => w.errorsDuring(fn);

const INVALID = "Cette action ne s'applique plus à cette carte.";

describe("what the clicking user is told", () => {
  it("an action that lands shows no error", async () => {
    const card = await poolCard();
    queueDiceFaces([6, 6, 6, 6]);
    expect(await errorsOf(async () => expect(await w.click("player-1", "push", card)).toEqual({ ok: true }))).toEqual(
      [],
    );
  });

  it("a refusal shows its reason, formatted with its values (F1: an attack's modifier past ±10)", async () => {
    queueDiceFaces([1, 1]);
    const card = (await kara.attack("rifle0000000001", { fastForward: true }))!;
    const roll = JSON.parse(JSON.stringify(card.rolls[0])) as { options: Record<string, unknown> };
    roll.options.modifiers = [{ value: 500 }];
    await card.update({
      rolls: [JSON.stringify(roll)],
      system: { targets: [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex" }] },
    } as never);
    const before = [sourceOf(card), sourceOf(vex)];
    queueDiceFaces([6, 6]);
    const errors = await errorsOf(async () =>
      expect(await w.click("player-2", "defend", card, { targetIndex: 0 })).toMatchObject({
        ok: false,
        reason: "TACTICA.Chat.modifierOutOfBounds",
      }),
    );
    expect(errors).toEqual(["Modificateur hors limites\u00a0: un jet porte au plus ±10\u202f; rien n'a été appliqué."]);
    expect([sourceOf(card), sourceOf(vex)]).toEqual(before);
  });

  it("a click on a card deleted since, or naming an action no card has, is invalid, said in the user's language", async () => {
    const card = await poolCard();
    const errors = await errorsOf(async () =>
      expect(await w.click("player-1", "nonsense" as CardActionName, card)).toEqual({
        ok: false,
        reason: "TACTICA.Chat.invalid",
      }),
    );
    expect(errors).toEqual([INVALID]);
    await w.as("gm-1", () => card.delete());
    const rolled = evaluations.length;
    expect(await errorsOf(() => w.click("player-1", "push", card))).toEqual([INVALID]);
    // Refused before any die was rolled.
    expect(evaluations.length).toBe(rolled);
  });

  it("a button of another kind of card (the morale prompt's test, the clicker's own roll) is not allowed, even to the owner", async () => {
    const card = await poolCard();
    const before = sourceOf(kara);
    expect(await w.click("player-1", "moraleTest", card, { fastForward: true })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.notAllowed",
    });
    expect(w.messages()).toHaveLength(1);
    expect(sourceOf(kara)).toEqual(before);
  });
});

describe("the clicker's dice", () => {
  /** The `allowInteractive` each evaluation of `formula` received while `fn` ran. */
  async function interactive(formula: string, fn: () => Promise<unknown>): Promise<boolean[]> {
    const from = evaluations.length;
    await fn();
    return evaluations
      .slice(from)
      .filter((e) => e.formula === formula)
      .map((e) => e.allowInteractive);
  }

  it("are rolled interactively (manual dice) for a visible card, never for a blind one, as core's Roll#toMessage", async () => {
    const push = "3d6[base] + 1d6[skill]";
    const visible = await poolCard();
    queueDiceFaces([6, 6, 6, 6]);
    expect(await interactive(push, () => w.click("gm-1", "push", visible))).toEqual([true]);
    const blind = await poolCard();
    await blind.update({ blind: true, whisper: ["gm-1"] } as never);
    queueDiceFaces([6, 6, 6, 6]);
    expect(await interactive(push, () => w.click("gm-1", "push", blind))).toEqual([false]);
    expect(blind.rolls).toHaveLength(2);
  });
});

describe("the card's listener", () => {
  const buttonOf = (element: FakeElement, action: string, n = 0) =>
    element.querySelectorAll("button[data-action]").filter((b) => b.dataset.action === action)[n]!;

  it("a button stays disabled while its action runs: a double click pushes once, and says nothing", async () => {
    const card = await poolCard();
    const element = await w.elementAs("player-1", card);
    const push = buttonOf(element, "push");
    queueDiceFaces([6, 6, 6, 6, 6, 6, 6, 6]);
    const errors = await errorsOf(() => w.as("player-1", () => Promise.all([push.click(), push.click()])));
    expect(errors).toEqual([]);
    expect(card.rolls).toHaveLength(2);
    expect(push.disabled).toBe(false);
  });

  it("a click event a script dispatches on a disabled button (the browser sends a user's none) does nothing", async () => {
    const card = await poolCard();
    const element = await w.elementAs("player-1", card);
    const push = buttonOf(element, "push");
    push.disabled = true;
    queueDiceFaces([6, 6, 6, 6]);
    const click = { type: "click", target: push, shiftKey: false, preventDefault: () => undefined };
    expect(await w.writesDuring(() => w.as("player-1", () => push.dispatch(click)))).toEqual([]);
    expect(card.rolls).toHaveLength(1);
  });

  it("a click on no button, or on a button of an action the card does not declare, does nothing and says nothing", async () => {
    const card = await poolCard();
    const element = await w.elementAs("player-1", card);
    const stray = new FakeElement("button", { dataset: { action: "defend" } });
    element.append(stray);
    const span = new FakeElement("span");
    element.append(span);
    const event = (target: unknown): FakeEvent => ({
      type: "click",
      target: target as FakeElement,
      shiftKey: false,
      preventDefault: () => undefined,
    });
    const errors = await errorsOf(async () => {
      const writes = await w.writesDuring(() =>
        w.as("player-1", async () => {
          await stray.click();
          await span.click();
          // What the event's target may be that is no element: nothing to look up.
          for (const target of [null, 7, "push", {}, { closest: "button" }]) await element.dispatch(event(target));
        }),
      );
      expect(writes).toEqual([]);
    });
    expect(errors).toEqual([]);
    expect(card.rolls).toHaveLength(1);
  });

  it("a rendered card deleted before its button is clicked: the click does nothing", async () => {
    const card = await poolCard();
    const element = await w.elementAs("player-1", card);
    await w.as("gm-1", () => card.delete());
    expect(await errorsOf(() => w.as("player-1", () => buttonOf(element, "push").click()))).toEqual([]);
  });

  it("a die's button acts on its own die (its data-index)", async () => {
    queueDiceFaces([6, 1]);
    const card = (await kara.rollPressure("gear000000000001", { fastForward: true, dice: 2 }))!;
    const element = await w.elementAs("player-1", card);
    expect(await errorsOf(() => w.as("player-1", () => buttonOf(element, "chooseDie", 1).click()))).toEqual([]);
    expect((card.lastRoll as unknown as { chosen: { index: number } }).chosen.index).toBe(1);
  });
});

describe("a Différé attack's declaration (RULES §7.2)", () => {
  /** A running timeline of Kara and Vex; `karaFirst`: Kara acts now (else Vex does). */
  async function timeline(karaFirst = true): Promise<TacticaCombat> {
    const { createFakeCombat } = await import("./fake-combat");
    await w.fake.settings.set("tactica", "combatMode", "timeline");
    const combat = (await w.as("gm-1", () =>
      createFakeCombat([
        { actorId: kara.id!, initiative: karaFirst ? 0 : 5, name: "Kara" },
        { actorId: vex.id!, initiative: karaFirst ? 5 : 0, name: "Vex" },
      ]),
    )) as unknown as TacticaCombat;
    await w.as("gm-1", () => combat.startCombat());
    return combat;
  }

  const mortar = () =>
    w.as("player-1", async () => {
      queueDiceFaces([6, 6]);
      return (await kara.attack("karaMortar00001", { fastForward: true }))!;
    });

  it("outside a running timeline asks nothing: the card is posted, no error, no marker", async () => {
    let card: TacticaChatMessage | null = null;
    expect(await errorsOf(async () => (card = await mortar()))).toEqual([]);
    expect(card!.card?.delayedState).toBe("");
  });

  it("by the acting owner: declared, and nothing to tell", async () => {
    const combat = await timeline();
    let card: TacticaChatMessage | null = null;
    expect(await errorsOf(async () => (card = await mortar()))).toEqual([]);
    expect(card!.card?.delayedState).toBe("declared");
    expect(combat.timeline!.entries.some((e) => e.id === card!.id)).toBe(true);
  });

  it("out of its owner's activation: refused, and the attacker is told why, with the actor's name", async () => {
    const combat = await timeline(false);
    const entries = structuredClone(combat.timeline!.entries);
    let card: TacticaChatMessage | null = null;
    const errors = await errorsOf(async () => (card = await mortar()));
    expect(errors).toEqual([
      "Kara n'agit pas en ce moment\u00a0: une action différée se déclare pendant son activation. Rien n'a été placé sur la ligne du temps.",
    ]);
    expect(card!.card?.delayedState).toBe("");
    expect(combat.timeline!.entries).toEqual(entries);
  });
});
