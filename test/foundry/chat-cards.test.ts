import { beforeEach, describe, expect, it } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { buttonsOf as buttons, chatWorld, type ChatWorld } from "./chat-helpers";
import { systemAs } from "./world";
import { textOf } from "../templates/harness";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";

// The roll card as each viewer sees it (buttons only for who may use them), the target rows with
// resist, defend and damage results written on the same card, every state rendered.

let w: ChatWorld;
let kara: TacticaActor;
let vex: TacticaActor;

async function renderAs(userId: string, message: TacticaChatMessage): Promise<string> {
  const html = await w.renderAs(userId, message);
  for (const bad of ["undefined", "[object Object]", "NaN", "TACTICA."]) expect(html, bad).not.toContain(bad);
  expect(html).not.toMatch(/<Vex>|<laser>/);
  return html;
}

beforeEach(async () => {
  w = await chatWorld();
  kara = await w.own("Kara", "character", {
    system: {
      aptitudes: { vivacite: { value: 3 } },
      subAptitudes: { precision: { value: 2 } },
      psyker: { mastery: 2 },
      profile: { ac: { value: 8 } },
    },
    items: [
      {
        _id: "rifle0000000001",
        name: "Fusil <laser>",
        type: "weapon",
        system: { equipped: true, range: "ranged", damage: 5 },
      },
      { _id: "power0000000001", name: "Choc mental", type: "power", system: { level: 2, cost: 6, resist: "end" } },
    ],
  });
  vex = await w.createActor({
    name: "Vex <Vex>",
    type: "character",
    ownership: { default: 0, "player-2": 3 },
    system: { profile: { pv: { value: 10, max: 10 }, end: { value: 3 } } },
  });
});

function withTargets(message: TacticaChatMessage) {
  return message.update({ system: { targets: [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex <Vex>" }] } } as never);
}

describe("roll cards", () => {
  it("pool: the push button for the author and owners, never for a stranger; after a push none", async () => {
    queueDiceFaces([2, 3, 4]);
    const message = (await kara.rollPool({ aptitude: "vivacite" }, { fastForward: true }))!;
    expect(buttons(await renderAs("player-1", message))).toEqual(["push"]);
    expect(buttons(await renderAs("gm-1", message))).toEqual(["push"]);
    expect(buttons(await renderAs("stranger", message))).toEqual([]);
    queueDiceFaces([1, 6, 5]);
    await w.click("player-1", "push", message);
    const html = await renderAs("player-1", message);
    expect(buttons(html)).toEqual([]);
    expect(textOf(html)).toContain("Points de Volonté +1 (0 → 1)");
  });

  it("psy: a successful cast offers Resist to the target's owner only; the result lands on the card", async () => {
    queueDiceFaces([3]);
    const message = (await kara.castPower("power0000000001", { fastForward: true }))!;
    expect(message.card?.acSpent).toBe(6);
    // D-42: outside combat spent AC never block (2 of 8 AC would be left in an activation).
    queueDiceFaces([3]);
    expect(await kara.castPower("power0000000001", { fastForward: true })).not.toBeNull();
    await withTargets(message);
    expect(buttons(await renderAs("player-2", message))).toEqual(["resist"]);
    expect(buttons(await renderAs("player-1", message))).toEqual([]);
    expect(await w.click("player-1", "resist", message, { targetIndex: 0 })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.notAllowed",
    });
    queueDiceFaces([2]);
    expect(await w.click("player-2", "resist", message, { targetIndex: 0 })).toEqual({ ok: true });
    expect(message.card?.targets[0]?.outcome).toBe("resisted");
    // The verdict reads from the caster's side: the target resisted, with its die.
    const text = textOf(await renderAs("player-2", message));
    expect(text).toContain("Vex <Vex> résiste d10 : 2");
    expect(await renderAs("player-2", message)).toContain('class="tactica-target tactica-target--bad"');
  });

  it("attack: Defend for the target's owner, hit when strictly higher, Apply damage for the target's owner or a GM, once", async () => {
    queueDiceFaces([6, 6]); // 12 + score 5
    const message = (await kara.attack("rifle0000000001", { fastForward: true }))!;
    await withTargets(message);
    expect(buttons(await renderAs("player-2", message))).toEqual(["defend"]);
    queueDiceFaces([1, 1]);
    await w.click("player-2", "defend", message, { targetIndex: 0 });
    expect(message.card?.targets[0]).toMatchObject({ outcome: "hit", total: 2 + 0, dice: [1, 1] });
    // The attacker's player never writes the victim: the button is the target's owner's and the GM's.
    expect(buttons(await renderAs("player-1", message))).toEqual([]);
    expect(buttons(await renderAs("player-2", message))).toEqual(["applyDamage"]);
    expect(buttons(await renderAs("gm-1", message))).toEqual(["applyDamage"]);
    const results = await Promise.all([
      w.click("gm-1", "applyDamage", message, { targetIndex: 0 }),
      w.click("player-2", "applyDamage", message, { targetIndex: 0 }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(systemAs<{ profile: { pv: { value: number } } }>(vex).profile.pv.value).toBe(5);
    expect(message.card?.targets[0]?.damage).toEqual({ dealt: 5, field: 0, armour: 0, resistant: 0, pv: 5 });
    // One verdict line with both totals, from the attacker's side, and the damage as a chain.
    const html = await renderAs("player-2", message);
    expect(textOf(html)).toContain("Touche Vex <Vex> 17 contre 2");
    expect(textOf(html)).toContain("Dégâts 5 → PV −5");
    expect(html).toContain('class="tactica-target tactica-target--good"');
  });

  it("psy: a successful cast prints the power's effect text when the GM wrote one; a failed cast does not", async () => {
    const power = kara.items.get("power0000000001")!;
    await power.update({ system: { effect: "<p>La cible perd <strong>2 AC</strong>.</p>" } } as never);
    queueDiceFaces([3]);
    const success = (await kara.castPower("power0000000001", { fastForward: true }))!;
    const html = await renderAs("player-2", success);
    expect(textOf(html)).toContain("Réussite Le pouvoir prend effet.");
    expect(textOf(html)).toContain("Effet du pouvoir La cible perd 2 AC");
    // The GM's rich text, as the enricher gave it (sanitised by the server: an htmlField of powers).
    expect(html).toContain("<strong>2 AC</strong>");
    await kara.update({ system: { actions: { spent: 0 } } } as never);
    queueDiceFaces([10]);
    const failure = (await kara.castPower("power0000000001", { fastForward: true }))!;
    const failed = textOf(await renderAs("player-2", failure));
    expect(failed).toContain("Échec 10 naturel : échec automatique. Le pouvoir ne prend pas effet.");
    expect(failed).not.toContain("Effet du pouvoir");
  });

  it("every roll card has its actor's header, even a roll posted without a subject", async () => {
    queueDiceFaces([2, 3, 4]);
    const message = (await kara.rollPool({ aptitude: "vivacite" }, { fastForward: true }))!;
    const roll = message.rolls.at(-1) as unknown as { options: { subject?: unknown } };
    delete roll.options.subject;
    const html = await renderAs("player-1", message);
    expect(html).toMatch(/<span class="tactica-card__subject">Kara<\/span>/);
  });

  it("a blind roll seen by a player shows no result and no state", async () => {
    queueDiceFaces([2, 3, 4]);
    const message = (await kara.rollPool({ aptitude: "vivacite" }, { fastForward: true }))!;
    // A blind roll: whispered to the GMs, hidden from its roller too (core's applyRollMode).
    await message.update({ blind: true, whisper: ["gm-1"] } as never);
    await withTargets(message);
    const html = await renderAs("player-2", message);
    expect(buttons(html)).toEqual([]);
    expect(html).not.toContain("tactica-card__state");
    expect(html).not.toContain("tactica-target");
  });

  it("the panic result and notes render after a failed morale test", async () => {
    const unit = await w.own("Escouade", "unit", {
      system: { profile: { co: { value: 2 } } },
    });
    queueDiceFaces([9]);
    const message = (await unit.moraleTest({ fastForward: true }))!;
    expect(buttons(await renderAs("player-1", message))).toEqual(["rollPanic"]);
    queueDiceFaces([1]);
    await w.click("player-1", "rollPanic", message);
    const html = await renderAs("player-1", message);
    expect(buttons(html)).toEqual([]);
    // The panic result is an outcome box with the condition's icon, right under the failed test.
    expect(textOf(html)).toMatch(/Échec .*Tenir bon d10 : 1 Panique : tient sa position/);
    expect(html).toContain('<div class="tactica-card__outcome tactica-outcome--failure tactica-panic">');
    expect(html).toContain('<i class="fa-solid fa-shield-halved" aria-hidden="true"></i> Tenir bon');
  });
});
