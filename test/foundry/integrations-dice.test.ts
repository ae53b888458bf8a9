import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { loadWorld, type LoadedWorld } from "./world";
import { queueDiceFaces } from "./fake-dice";
import { installDiceSoNice, type DiceSoNiceStandIn, type ShownFace } from "./stand-ins/dice-so-nice";
import { createTemplateHarness, installTemplateHarness } from "../templates/harness";
import type { TacticaActor } from "../../src/documents/actor";

// Issue 24 item 3: Dice So Nice faces. With DSN active (a stand-in built from DSN 5.1's code:
// stand-ins/dice-so-nice.ts), Tactica registers a colour set per kind of die and a dice set of its
// own faces per pool die kind: the 6 of a base die shows the success symbol and its 1 the bane
// symbol, a skill die has no bane symbol (seed 001), a gear die has both in its own colour, the
// psychic d10 keeps its numbers in its own colour. The faces' images are loaded for the user, and
// a push's dice keep their kind's faces. Without DSN nothing is listened to.

const ROOT = "systems/tactica/assets/dice";

async function dsnWorld(
  lang: "fr" | "en" = "fr",
): Promise<{ w: LoadedWorld; dsn: DiceSoNiceStandIn; kara: TacticaActor }> {
  let dsn: DiceSoNiceStandIn | undefined;
  const w = await loadWorld(lang, (fake) => {
    installTemplateHarness(fake, createTemplateHarness(lang));
    dsn = installDiceSoNice(fake.game);
  });
  // DSN calls it on its own `ready`, with its API.
  w.fake.hooks.callAll("diceSoNiceReady", dsn);
  const kara = await w.createActor({
    name: "Kara",
    type: "character",
    system: { aptitudes: { vivacite: { value: 3 } }, subAptitudes: { reflexe: { value: 1 } }, willpower: { value: 2 } },
    items: [{ _id: "rifle0000000001", name: "Fusil", type: "weapon", system: { equipped: true, gearBonus: 1 } }],
  });
  return { w, dsn: dsn!, kara };
}

/** A face as the test reads it: what is drawn, and whether it can be. */
const drawn = (f: ShownFace) => ({ label: f.label, drawable: f.loaded, system: f.system, colorset: f.colorset });

describe("Dice So Nice: registration", () => {
  it("without Dice So Nice, nothing is listened to and nothing is registered", async () => {
    const w = await loadWorld();
    expect(w.fake.hooks.count("diceSoNiceReady")).toBe(0);
  });

  it("a colour set per kind of die; a dice set per pool die kind, offered beside DSN's own, grouped as Tactica", async () => {
    const { dsn } = await dsnWorld();
    expect([...dsn.colorsets.keys()]).toEqual(["tactica-base", "tactica-skill", "tactica-gear", "tactica-psy"]);
    expect(dsn.colorsets.get("tactica-base")).toMatchObject({
      category: "Tactica",
      description: "Tactica — dés de base",
    });
    expect([...dsn.systems.values()]).toEqual([
      { id: "tactica-base", name: "Tactica — faces des dés de base", group: "Tactica", mode: "default" },
      { id: "tactica-skill", name: "Tactica — faces des dés de compétence", group: "Tactica", mode: "default" },
      { id: "tactica-gear", name: "Tactica — faces des dés d'équipement", group: "Tactica", mode: "default" },
    ]);
    // A user's own dice stay theirs: no set is forced on anyone.
    expect(dsn.preferredSystem).toBe("standard");
  });

  it("the faces: 6 success and 1 bane on base and gear dice, no bane on skill dice, each in its kind's ink", async () => {
    const { dsn } = await dsnWorld();
    const labels = (system: string) => dsn.presets.get(`${system}:d6`)!.labels;
    expect(labels("tactica-base")).toEqual([`${ROOT}/base-bane.png`, "2", "3", "4", "5", `${ROOT}/base-success.png`]);
    expect(labels("tactica-skill")).toEqual(["1", "2", "3", "4", "5", `${ROOT}/skill-success.png`]);
    expect(labels("tactica-gear")).toEqual([`${ROOT}/gear-bane.png`, "2", "3", "4", "5", `${ROOT}/gear-success.png`]);
    for (const system of ["tactica-base", "tactica-skill", "tactica-gear"]) {
      const preset = dsn.presets.get(`${system}:d6`)!;
      expect(preset.colorset).toBe(system);
      // Loaded for this user when DSN was ready (else DSN would not draw them).
      expect(preset.loaded, system).toBe(true);
      for (const label of preset.labels.filter((l) => l.startsWith(ROOT)))
        expect(fs.existsSync(label.replace("systems/tactica/", "")), label).toBe(true);
    }
  });
});

describe("Dice So Nice: the faces shown", () => {
  it("a pool's dice show their kind's faces; a push's dice keep them", async () => {
    const { w, dsn, kara } = await dsnWorld();
    queueDiceFaces([6, 1, 3, 1, 2]); // B[6,1,3] S[1] G[2]
    const message = (await kara.rollPool(
      { aptitude: "vivacite", subAptitude: "reflexe", itemId: "rifle0000000001" },
      { fastForward: true },
    ))!;
    // DSN animates a created message's rolls itself (its createChatMessage hook), from the same roll data.
    expect(dsn.shown).toHaveLength(1);
    expect(dsn.shown[0]).toMatchObject({ via: "message", messageId: message.id });
    expect(dsn.shown[0]!.faces.map(drawn)).toEqual([
      { label: `${ROOT}/base-success.png`, drawable: true, system: "tactica-base", colorset: "tactica-base" },
      { label: `${ROOT}/base-bane.png`, drawable: true, system: "tactica-base", colorset: "tactica-base" },
      { label: "3", drawable: true, system: "tactica-base", colorset: "tactica-base" },
      { label: "1", drawable: true, system: "tactica-skill", colorset: "tactica-skill" },
      { label: "2", drawable: true, system: "tactica-gear", colorset: "tactica-gear" },
    ]);
    // The push rerolls B3 S1 G2 (RULES §3); appended to the card, DSN shows them (its update hook).
    queueDiceFaces([6, 1, 1]);
    const click = await import("../../src/chat/click");
    expect(await click.runCardAction(message, "push", {})).toEqual({ ok: true });
    expect(dsn.shown).toHaveLength(2);
    const pushed = dsn.shown.at(-1)!;
    expect(pushed).toMatchObject({ via: "message", messageId: message.id });
    expect(pushed.faces.map(drawn)).toEqual([
      { label: `${ROOT}/base-success.png`, drawable: true, system: "tactica-base", colorset: "tactica-base" },
      { label: "1", drawable: true, system: "tactica-skill", colorset: "tactica-skill" },
      { label: `${ROOT}/gear-bane.png`, drawable: true, system: "tactica-gear", colorset: "tactica-gear" },
    ]);
    expect(w.fake.hooks.count("diceSoNiceReady")).toBe(0);
  });

  it("the psychic d10 keeps DSN's numbers, in its own colour; a score test's 2d6 keep the user's dice", async () => {
    const { dsn } = await dsnWorld();
    const { PsyRoll } = await import("../../src/dice/psy-roll");
    const { ScoreRoll } = await import("../../src/dice/score-roll");
    queueDiceFaces([7, 1, 6]);
    const psy = await new PsyRoll("1d10", {}, { mode: "cast", level: 2, mastery: 2 }).evaluate();
    const score = await new ScoreRoll("2d6", {}, {
      purpose: "test",
      score: 3,
      subAptitude: "reflexe",
    } as never).evaluate();
    await dsn.showForRoll(psy as never, null);
    await dsn.showForRoll(score as never, null);
    expect(dsn.shown[0]!.faces.map(drawn)).toEqual([
      { label: "7", drawable: true, system: "standard", colorset: "tactica-psy" },
    ]);
    expect(dsn.shown[1]!.faces.map(drawn)).toEqual([
      { label: "1", drawable: true, system: "standard", colorset: null },
      { label: "6", drawable: true, system: "standard", colorset: null },
    ]);
  });
});
