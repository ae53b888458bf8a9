import { beforeEach, describe, expect, it } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { answerDialog, nextDialog, openDialogs } from "./fake-apps";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import type { FakeScene } from "./fake-combat";
import { placeBehaviors, placedScene } from "./places-helpers";
import { systemAs } from "./world";
import type { TacticaActor } from "../../src/documents/actor";
import type { ScoreRoll } from "../../src/dice/score-roll";
import type { CharacterModel } from "../../src/data/actor/character";

// The score test and attack dialogs (RULES §6.1, §6.4) through the actor's roll methods: the
// dialog is the fake's DialogV2, which behaves as core's (a button callback returning nothing
// submits the button's action; closeOnSubmit), driven here by filling its form with the values a
// user would have typed and clicking its default button. fastForward skips it.

let w: ChatWorld;
let kara: TacticaActor;
let scene: FakeScene;
let seen: { content: string }[];

const rect = (x: number) => [{ type: "rectangle", x, y: 0, width: 200, height: 200 }];
const place = (neighbours: string[]) => placeBehaviors(0, neighbours);
type Values = Record<string, unknown>;

/**
 * Runs `roll` while the user answers each dialog it opens with the next of `answers`: values typed
 * and the default button clicked, or `null` to close the dialog.
 */
async function answering<T>(roll: () => Promise<T>, ...answers: (Values | null)[]): Promise<T> {
  const pending = roll();
  for (const values of answers) {
    const dialog = await nextDialog();
    seen.push({ content: String(dialog.options.content) });
    if (values === null) await dialog.close();
    else await answerDialog(dialog, null, values);
  }
  return pending;
}

async function setup(lang: "fr" | "en"): Promise<void> {
  w = await chatWorld(lang);
  seen = [];
  kara = await w.createActor({
    name: "Kara",
    type: "character",
    ownership: { default: 0, "player-1": 3 },
    system: {
      aptitudes: { vivacite: { value: 2 }, puissance: { value: 3 } },
      subAptitudes: { reflexe: { value: 4 }, robustesse: { value: 2 }, precision: { value: 1 } },
    },
    items: [
      {
        _id: "mortar000000001",
        name: "Mortier",
        type: "weapon",
        system: {
          equipped: true,
          range: "ranged",
          damage: 1,
          governingSubAptitude: "robustesse",
          attributes: [{ key: "area", self: true }],
        },
      },
      {
        _id: "rifle0000000001",
        name: "Fusil",
        type: "weapon",
        system: {
          equipped: true,
          range: "ranged",
          damage: 1,
          governingSubAptitude: "precision",
          attributes: [
            { key: "range", x: 0, y: 1 },
            { key: "inaccurate", x: 2 },
          ],
        },
      },
    ],
  });
  const vex = await w.createActor({ name: "Vex", type: "character" });
  const ork = await w.createActor({ name: "Ork", type: "character" });
  const Scene = w.fake.CONFIG.Scene as { documentClass: { create(data: object): Promise<unknown> } };
  scene = (await w.as("gm-1", () =>
    placedScene(Scene.documentClass, {
      name: "Ruines",
      grid: { size: 100 },
      regions: [
        { _id: "regionA", name: "Cour", shapes: rect(0), behaviors: place(["regionB"]) },
        { _id: "regionB", name: "Porche", shapes: rect(200), behaviors: place(["regionC"]) },
        { _id: "regionC", name: "Nef", shapes: rect(400), behaviors: place([]) },
      ],
      tokens: [
        { _id: "tokKara", x: 50, y: 50, actorId: kara.id, name: "Kara" },
        { _id: "tokVex", x: 250, y: 50, actorId: vex.id, name: "Vex" },
        { _id: "tokVex2", x: 260, y: 60, actorId: vex.id, name: "Vex bis" },
        { _id: "tokOrk", x: 450, y: 50, actorId: ork.id, name: "Ork" },
      ],
    }),
  )) as FakeScene;
  (w.fake.game.scenes as { viewed: unknown }).viewed = scene;
  const token = (id: string) => scene.tokens.get(id);
  Object.assign(kara, { getActiveTokens: () => [{ document: token("tokKara") }] });
  w.data.setUser("player-1");
}

function target(...ids: string[]): void {
  const user = w.fake.game.user as unknown as Record<string, unknown>;
  user.targets = new Set(ids.map((id) => ({ document: scene.tokens.get(id) })));
}

const exhaustion = () => systemAs<CharacterModel>(kara).exhaustion;

describe.each(["fr", "en"] as const)("score test dialog (%s)", (lang) => {
  beforeEach(() => setup(lang));

  it("fastForward rolls the request as it is, without a dialog", async () => {
    queueDiceFaces([3, 4]);
    const message = (await kara.rollScore({ subAptitude: "reflexe", difficulty: 13 }, { fastForward: true }))!;
    expect(seen).toEqual([]);
    const roll = message.rolls[0] as unknown as ScoreRoll;
    expect([roll.total, roll.difficulty]).toEqual([13, 13]);
  });

  it("rolls what the dialog chose: another sub-aptitude, difficulty and modifier", async () => {
    queueDiceFaces([1, 1]);
    const message = (await answering(() => kara.rollScore({ subAptitude: "reflexe" }), {
      subAptitude: "robustesse",
      difficulty: "12",
      modifier: "-1",
    }))!;
    expect(seen).toHaveLength(1);
    expect(openDialogs()).toEqual([]);
    const roll = message.rolls[0] as unknown as ScoreRoll;
    // Puissance 3 + Robustesse 2 − 1 = 4; 2 + 4 = 6.
    expect([roll.score, roll.total, roll.difficulty]).toEqual([4, 6, 12]);
    expect(seen[0]!.content).toContain('value="reflexe" selected');
  });

  it("an empty difficulty is a plain total; closing the dialog posts nothing", async () => {
    queueDiceFaces([2, 2]);
    const plain = await answering(() => kara.rollScore({ subAptitude: "reflexe", difficulty: 9 }), {
      subAptitude: "reflexe",
      difficulty: "",
      modifier: "0",
    });
    expect((plain!.rolls[0] as unknown as ScoreRoll).difficulty).toBeNull();
    const before = w.messages().length;
    expect(await answering(() => kara.rollScore({ subAptitude: "reflexe" }), null)).toBeNull();
    expect(w.messages()).toHaveLength(before);
  });

  it("a negative difficulty is refused with a localised message, the dialog stays open and NEVER rolls (review D1)", async () => {
    const before = w.messages().length;
    const pending = kara.rollScore({ subAptitude: "reflexe" });
    const dialog = await nextDialog();
    const errors = await w.errorsDuring(() =>
      answerDialog(dialog, null, { subAptitude: "reflexe", difficulty: "-3", modifier: "0" }),
    );
    const message = w.fake.game.i18n!.localize("TACTICA.Dialog.score.badDifficulty");
    expect(errors).toEqual([message]);
    // Still open, nothing posted, the message shown in the dialog itself.
    expect([dialog.rendered, w.messages().length]).toEqual([true, before]);
    expect(dialog.html).toMatch(/data-refusal role="alert" hidden/);
    // The user corrects the difficulty: that, and only that, is rolled.
    queueDiceFaces([3, 4]);
    await answerDialog(dialog, null, { subAptitude: "reflexe", difficulty: "12", modifier: "0" });
    const roll = (await pending)!.rolls[0] as unknown as ScoreRoll;
    expect(roll.difficulty).toBe(12);
    expect(w.messages()).toHaveLength(before + 1);
    expect(dialog.rendered).toBe(false);
  });

  it("a refused dialog that is then closed rolls nothing", async () => {
    const before = w.messages().length;
    const result = await answering(
      () => kara.rollScore({ subAptitude: "reflexe" }),
      { subAptitude: "reflexe", difficulty: "-1", modifier: "0" },
      null,
    );
    expect(result).toBeNull();
    expect(w.messages()).toHaveLength(before);
  });

  it("the odds line is exact and names the governing aptitude", async () => {
    const { scoreDialogContext, scoreOddsLine } = await import("../../src/applications/dialogs/score-dialog");
    const context = scoreDialogContext(kara.system as CharacterModel, { subAptitude: "reflexe", difficulty: 18 });
    expect(context.subAptitudes.map((o) => o.key)).toHaveLength(11);
    expect(context.subAptitudes.find((o) => o.key === "reflexe")).toMatchObject({
      aptitude: "vivacite",
      aptitudeValue: 2,
      value: 4,
      selected: true,
    });
    // Score 6 vs 18 needs a double 6: 1/36 ≈ 3 %. The line reads as a chance; the formula is its tooltip.
    const line = scoreOddsLine(context.subAptitudes, { subAptitude: "reflexe", difficulty: "18", modifier: "0" });
    expect(line).toEqual(
      lang === "fr"
        ? {
            text: "Chances de réussite\u00a0: 3\u00a0% — il faut 12+ sur 2d6.",
            tooltip: "Score 6 = Vivacité 2 + Réflexe 4 + 0\u202f; P(2d6 + 6 ≥ 18) = 3\u00a0%",
          }
        : {
            text: "Chance of success: 3% — you need 12+ on 2d6.",
            tooltip: "Score 6 = Quickness 2 + Reflexes 4 + 0; P(2d6 + 6 ≥ 18) = 3%",
          },
    );
    // Beyond what 2d6 can show, and below what they always show, the line says so.
    const at = (difficulty: string) =>
      scoreOddsLine(context.subAptitudes, { subAptitude: "reflexe", difficulty, modifier: "0" });
    expect(at("19")).toMatchObject({
      text:
        lang === "fr"
          ? "Chances de réussite\u00a0: 0\u00a0% — 2d6 n'atteignent jamais 13."
          : "Chance of success: 0% — 2d6 never reach 13.",
    });
    expect(at("8")).toMatchObject({
      text:
        lang === "fr"
          ? "Chances de réussite\u00a0: 100\u00a0% — tout jet de 2d6 suffit."
          : "Chance of success: 100% — any 2d6 roll will do.",
    });
    expect(at("9")).toMatchObject({
      text:
        lang === "fr"
          ? "Chances de réussite\u00a0: 97\u00a0% — il faut 3+ sur 2d6."
          : "Chance of success: 97% — you need 3+ on 2d6.",
    });
    expect(scoreOddsLine(context.subAptitudes, { subAptitude: "reflexe", difficulty: "", modifier: "2" })).toContain(
      "Score 8",
    );
    // An imposed aptitude replaces the governing one on every option.
    const imposed = scoreDialogContext(kara.system as CharacterModel, {
      subAptitude: "reflexe",
      aptitude: "puissance",
    });
    expect(imposed.subAptitudes.every((o) => o.aptitude === "puissance" && o.aptitudeValue === 3)).toBe(true);
  });
});

describe.each(["fr", "en"] as const)("attack dialog (%s)", (lang) => {
  beforeEach(() => setup(lang));

  it("shows distance, Imprécis and the out-of-range refusal; the modifier reaches the roll", async () => {
    target("tokVex", "tokOrk");
    queueDiceFaces([3, 3]);
    const message = (await answering(() => kara.attack("rifle0000000001"), { modifier: "2" }))!;
    const html = seen[0]!.content;
    const i18n = w.fake.game.i18n!;
    expect(html).toContain(i18n.format("TACTICA.Dialog.attack.penalty", { penalty: "2" }));
    expect(html).toContain(
      i18n.format("TACTICA.Dialog.attack.outOfRange", { name: "Ork", distance: "2", range: "0-1" }),
    );
    expect(html).not.toContain('type="checkbox"');
    const roll = message.rolls[0] as unknown as ScoreRoll;
    expect(roll.score).toBe(2 + 1 + 2); // Vivacité 2 + Précision 1 + modifier 2
    expect(message.card?.targets.map((t) => [t.name, t.modifier, t.outcome ?? null])).toEqual([
      ["Vex", -2, "pending"],
      ["Ork", -4, "miss"],
    ]);
  });

  it("De zone Et Soi (D-38): the place's occupants and the attacker offered with portraits, targets ticked; unticking one costs exactly 1 Épuisement and drops that row", async () => {
    target("tokVex");
    const gained: number[] = [];
    w.fake.hooks.on("tactica.exhaustionGained", (_actor: unknown, n: unknown) => gained.push(Number(n)));
    queueDiceFaces([4, 4]);
    const message = (await answering(() => kara.attack("mortar000000001"), {
      "hit-0": true,
      "hit-2": true,
      modifier: "0",
    }))!;
    // Rows: Vex, Vex bis (the place's occupants, both to hit: no X), then Kara (Et Soi); all ticked.
    expect(seen[0]!.content.match(/type="checkbox"/g)).toHaveLength(3);
    expect(seen[0]!.content.match(/type="checkbox"[^>]* checked/g)).toHaveLength(3);
    expect(message.card?.targets.map((t) => t.name)).toEqual(["Vex", "Kara"]);
    expect(exhaustion()).toBe(1);
    expect(gained).toEqual([1]);
  });

  it("fastForward hits every occupant at no cost; closing the dialog changes nothing", async () => {
    target("tokVex");
    const message = (await kara.attack("mortar000000001", { fastForward: true }))!;
    expect(seen).toEqual([]);
    expect(message.card?.targets.map((t) => t.name)).toEqual(["Vex", "Vex bis", "Kara"]);
    expect(exhaustion()).toBe(0);
    const before = w.messages().length;
    const writes = await w.writesDuring(async () =>
      expect(await answering(() => kara.attack("mortar000000001"), null)).toBeNull(),
    );
    expect(writes).toEqual([]);
    expect(w.messages()).toHaveLength(before);
  });
});

describe("every roll dialog refuses bad input and stays open (review D1, D3)", () => {
  beforeEach(() => setup("en"));

  it("pressure: 4 dice are refused with a message, never rolled; 2 dice roll", async () => {
    const gear = await kara.createEmbeddedDocuments("Item", [
      { name: "Soupape", type: "gear", system: { linked: true, equipped: true, pressureTarget: "att" } } as never,
    ]);
    const id = (gear![0] as unknown as { id: string }).id;
    const before = w.messages().length;
    const pending = kara.rollPressure(id);
    const dialog = await nextDialog();
    const errors = await w.errorsDuring(() => answerDialog(dialog, null, { dice: "4" }));
    expect(errors).toEqual(["Number of d6: between 1 and 3."]);
    expect([dialog.rendered, w.messages().length]).toEqual([true, before]);
    queueDiceFaces([2, 5]);
    await answerDialog(dialog, null, { dice: "2" });
    const message = (await pending)!;
    expect(message.rolls[0]!.dice[0]!.results).toHaveLength(2);
  });

  it("pool: fewer than 1 success required is refused; the dialog's ids are new at each render", async () => {
    const pending = kara.rollPool({ aptitude: "vivacite" });
    const dialog = await nextDialog();
    expect(
      await w.errorsDuring(() =>
        answerDialog(dialog, null, { aptitude: "vivacite", subAptitude: "", itemId: "", required: "0" }),
      ),
    ).toEqual(["Successes needed: at least 1."]);
    const first = String(dialog.options.content).match(/id="([^"]+)-aptitude"/)![1];
    await dialog.close();
    expect(await pending).toBeNull();
    const again = kara.rollPool({ aptitude: "vivacite" });
    const second = await nextDialog();
    expect(String(second.options.content).match(/id="([^"]+)-aptitude"/)![1]).not.toBe(first);
    await second.close();
    await again;
  });

  it("a modifier that is not a whole number is refused (HTML step checks never run on a button click)", async () => {
    target("tokVex");
    const pending = kara.attack("rifle0000000001");
    const dialog = await nextDialog();
    expect(await w.errorsDuring(() => answerDialog(dialog, null, { modifier: "1.5" }))).toEqual([
      "Modifier: a whole number.",
    ]);
    queueDiceFaces([3, 3]);
    await answerDialog(dialog, null, { modifier: "-1" });
    expect(((await pending)!.rolls[0] as unknown as ScoreRoll).score).toBe(2 + 1 - 1);
  });

  it("whatever reaches submit without the dialog's own tag (core's fallback action, a module's button) is a cancel", async () => {
    const pending = kara.rollScore({ subAptitude: "reflexe" });
    const dialog = await nextDialog();
    const submit = dialog.options.submit as (result: unknown, d: unknown) => Promise<void>;
    await submit("roll", dialog);
    expect(await pending).toBeNull();
    expect(dialog.rendered).toBe(false);
  });
});
