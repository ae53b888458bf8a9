/**
 * Contract: how core's chat treats Tactica's cards — the behaviours the one card path and the
 * card actions rely on, and that the test fake (test/foundry/fake-chat.ts) copies:
 * - `Roll.fromData` rebuilds every Tactica roll class by its name, with its options and dice, and
 *   keeps the die terms' Dice So Nice appearance (https://foundryvtt.com/api/v13/classes/foundry.dice.Roll.html#fromdata);
 * - `ChatMessage#renderHTML` returns the message element with the card in `.message-content`,
 *   rendered before it resolves, and fires `renderChatMessageHTML` with that same element
 *   (https://foundryvtt.com/api/v13/classes/foundry.documents.ChatMessage.html#renderhtml), whose
 *   content a listener registered after the system's already finds to be the card (a module's
 *   listener reads the card: core v13 client `documents/chat-message.mjs` fires the hook after it
 *   built the frame, and Tactica's own listener, registered when its bundle loads, comes first);
 * - a stored roll that cannot be rebuilt is left out of `ChatMessage#rolls`, not thrown (core's
 *   `prepareDerivedData`), and the card then renders its damaged notice;
 * - `ChatMessage.getSpeaker({ actor })` of an actor without a token names the actor.
 * What one client cannot show — what a `game.socket` handler receives from another client — is in
 * docs/manual-checks.md. The suites create chat messages and an actor and delete them again (run
 * them as a GM).
 */
import { DICE_ROLLS, PoolRoll, PressureRoll, ProfileTest, PsyRoll, ScoreRoll } from "../dice/index";
import type { ContractContext } from "./context";
import { serverContract } from "./server";
import { messagesContract } from "./messages";

/** Runs `check` on a temporary card message, deleted afterwards whatever happens. */
async function withMessage(
  data: Omit<ChatMessage.CreateData, "type" | "content">,
  check: (message: ChatMessage.Implementation) => Promise<void> | void,
): Promise<void> {
  const message = await CONFIG.ChatMessage.documentClass.create({
    type: "rollCard",
    content: "<p>Contract card (temporary)</p>",
    ...data,
  });
  if (!message) throw new Error("the temporary card was not created");
  try {
    await check(message);
  } finally {
    await message.delete();
  }
}

/** One evaluated roll of each Tactica roll class. */
async function sampleRolls() {
  const rolls = [
    new PressureRoll("1d6", {}, { target: "mou", printedValue: 3 }),
    new PoolRoll(
      "2d6[base] + 1d6[skill]",
      {},
      { aptitude: "vivacite", aptitudeValue: 2, subAptitude: "reflexe", subAptitudeValue: 1 },
    ),
    new PsyRoll("1d10", {}, { mode: "cast", level: 2, mastery: 2 }),
    new ProfileTest("1d10", {}, { characteristic: "co", value: 6, purpose: "morale" }),
    new ScoreRoll("2d6 + 3", {}, { purpose: "attack", aptitudeValue: 2, subAptitudeValue: 1 }),
  ];
  for (const roll of rolls) await roll.evaluate({ allowInteractive: false });
  return rolls;
}

/** The Dice So Nice colour set named on a die term's options, if any (src/dice/appearance.ts). */
function colorsetOf(options: object): unknown {
  const appearance: unknown = "appearance" in options ? options.appearance : undefined;
  return typeof appearance === "object" && appearance !== null && "colorset" in appearance
    ? appearance.colorset
    : undefined;
}

export function chatContract(context: ContractContext): void {
  const { it, assert } = context;
  serverContract(context);
  messagesContract(context);

  it("[chat.inline-roll] a new message's [[1d6]] is rolled at creation and stored as an inline roll; [[/r 2d6]] as a roll link", async () => {
    const message = await CONFIG.ChatMessage.documentClass.create({
      content: "<p>Contract [[1d6]] and [[/r 2d6]]</p>",
    });
    if (!message) throw new Error("the temporary message was not created");
    try {
      const content = message.content ?? "";
      assert.include(content, 'class="inline-roll inline-result"');
      assert.include(content, "data-roll=");
      assert.include(content, 'class="inline-roll roll"');
      assert.include(content, 'data-formula="2d6"');
      assert.notOk(content.includes("[["), "no expression is left as written");
    } finally {
      await message.delete();
    }
  });

  it("[chat.from-data-all] Roll.fromData rebuilds each Tactica roll class by name, with its options, dice and Dice So Nice appearance", async () => {
    const rolls = await sampleRolls();
    assert.deepEqual(rolls.map((r) => r.constructor.name).sort(), DICE_ROLLS.map((cls) => cls.name).sort());
    // Rebuilt from its stored JSON, as a message's rolls are (`Roll.fromJSON` parses, then `fromData`).
    for (const roll of rolls) {
      const rebuilt = foundry.dice.Roll.fromJSON(JSON.stringify(roll));
      assert.strictEqual(rebuilt.constructor, roll.constructor, roll.constructor.name);
      assert.equal(rebuilt.total, roll.total);
      assert.deepEqual(rebuilt.options, roll.options);
    }
    const rebuiltPool = foundry.dice.Roll.fromJSON(JSON.stringify(rolls[1]));
    assert.deepEqual(
      rebuiltPool.dice.map((d) => colorsetOf(d.options)),
      ["tactica-base", "tactica-skill"],
    );
  });

  it("[chat.render-html] renderHTML returns the message element with the card already in .message-content, and fires renderChatMessageHTML with it, the card already in for a later listener", async () => {
    const roll = new ProfileTest("1d10", {}, { characteristic: "co", value: 6, purpose: "morale" });
    await roll.evaluate({ allowInteractive: false });
    await withMessage({ rolls: [JSON.stringify(roll)], system: { kind: "morale" } }, async (message) => {
      const seen: unknown[] = [];
      const read: string[] = [];
      const id = Hooks.on("renderChatMessageHTML", (doc, html) => {
        if (doc !== message) return;
        seen.push(html);
        read.push(html.querySelector(".message-content")?.innerHTML ?? "");
      });
      try {
        const html = await message.renderHTML();
        const content = html.querySelector(".message-content")?.innerHTML ?? "";
        assert.include(content, "tactica-card");
        assert.include(content, 'data-roll-kind="profile"');
        assert.equal(seen.length, 1);
        assert.strictEqual(seen[0], html);
        assert.include(read[0] ?? "", 'data-roll-kind="profile"');
      } finally {
        Hooks.off("renderChatMessageHTML", id);
      }
    });
  });

  it("[chat.bad-roll-dropped] a stored roll that cannot be rebuilt is left out of the message's rolls, and the card shows its damaged notice", async () => {
    const unknown = {
      class: "TacticaNoSuchRoll",
      options: {},
      dice: [],
      formula: "1d6",
      terms: [],
      total: 3,
      evaluated: true,
    };
    await withMessage({ rolls: [JSON.stringify(unknown)], system: { kind: "pool" } }, async (message) => {
      assert.equal(message.rolls.length, 0);
      const html = await message.renderHTML();
      assert.include(html.querySelector(".message-content")?.innerHTML ?? "", "tactica-card--damaged");
    });
  });

  it("[chat.speaker-actor] getSpeaker of an actor with no token names the actor", async () => {
    const actor = await CONFIG.Actor.documentClass.create({ name: "Contract speaker (temporary)", type: "character" });
    if (!actor) throw new Error("the temporary actor was not created");
    try {
      const speaker = CONFIG.ChatMessage.documentClass.getSpeaker({ actor });
      assert.equal(speaker.actor, actor.id);
      assert.equal(speaker.token, null);
      assert.equal(speaker.alias, "Contract speaker (temporary)");
    } finally {
      await actor.delete();
    }
  });
}
