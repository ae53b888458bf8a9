/**
 * Contract (part of "chat cards", src/contract/chat.ts): core's ChatMessage members and helpers
 * that the cards and the test fake (test/foundry/fake-chat.ts, fake-dice.ts) rely on, checked on
 * temporary messages, actors and a scene the cases create and delete:
 * - a new message's `author` is the creating User (`isAuthor`), and a Roll given in `rolls` is
 *   stored as its JSON string (the JSONField of BaseChatMessage; core v13 client
 *   `documents/chat-message.mjs`);
 * - `Roll#toMessage` creates the message, with the roll and the dice sound (core v13 client
 *   `dice/roll.mjs`);
 * - an update that appends a roll to a message plays no sound (core v13 client
 *   `documents/chat-message.mjs`: `_onUpdate` redraws it through `ui.chat.updateMessage(this)`,
 *   without the notification `_onCreate`'s `postOne(this, {notify: true})` plays the sound with),
 *   so the one writer plays the dice sound of a push itself (src/dice/dsn.ts);
 * - `ChatMessage.getSpeaker({actor, token})` names the token's scene, the token and its actor;
 * - `fromUuidSync` / `fromUuid` find a world document and an embedded one
 *   (https://foundryvtt.com/api/v13/functions/foundry.utils.fromUuidSync.html);
 * - a deferred inline roll of a new message has its `@` data replaced from the speaker actor
 *   (`ChatMessage#getRollData`; `TextEditor._createInlineRoll`).
 */
import type { ContractContext } from "./context";
import { isRecord, withActor } from "./temporary";

/** A temporary character with one gear item, handed to `check`. */
const withSpeaker = (check: (actor: Actor.Implementation) => Promise<void>) =>
  withActor({ type: "character", items: [{ name: "Contract gear", type: "gear" }] }, check);

/** Deletes `message` (when there is one) after `check`. */
async function thenDelete(
  message: ChatMessage.Implementation | undefined,
  check: (message: ChatMessage.Implementation) => void,
): Promise<void> {
  if (!message) throw new Error("the temporary message was not created");
  try {
    check(message);
  } finally {
    await message.delete();
  }
}

export function messagesContract({ it, assert }: ContractContext): void {
  it("[chat.author] a new message's author is the creating user; a Roll in rolls is stored as its JSON", async () => {
    const roll = await new foundry.dice.Roll("1d6").evaluate({ allowInteractive: false });
    const message = await CONFIG.ChatMessage.documentClass.create({ content: "Contract (temporary)", rolls: [roll] });
    await thenDelete(message, (m) => {
      assert.strictEqual(m.author, game.user);
      assert.ok(m.isAuthor);
      const stored: unknown = { ...m._source }.rolls;
      assert.ok(Array.isArray(stored) && typeof stored[0] === "string", "stored as a JSON string");
      assert.equal(m.rolls[0]?.total, roll.total);
    });
  });

  it("[chat.to-message] Roll#toMessage creates the message, with its roll and the dice sound", async () => {
    const roll = await new foundry.dice.Roll("1d6").evaluate({ allowInteractive: false });
    const created: unknown = await roll.toMessage({ flavor: "Contract (temporary)" });
    const message = created instanceof CONFIG.ChatMessage.documentClass ? created : undefined;
    await thenDelete(message, (m) => {
      assert.equal(m.rolls.length, 1);
      assert.equal(m.sound, CONFIG.sounds.dice);
    });
  });

  it("[chat.update-no-sound] appending a roll to a message plays no sound (only a new message's is played)", async () => {
    const roll = await new foundry.dice.Roll("1d6").evaluate({ allowInteractive: false });
    const message = await CONFIG.ChatMessage.documentClass.create({ content: "Contract (temporary)", rolls: [roll] });
    if (!message) throw new Error("the temporary message was not created");
    // A message's sound is played by core's ChatLog#notify through `game.audio.play(message.sound,
    // {context: game.audio.interface})` (v13 client `applications/sidebar/tabs/chat.mjs`), a module's
    // through `AudioHelper.play`, which also plays through `game.audio.play`: both are watched.
    const helper: { play(...args: unknown[]): unknown } = foundry.audio.AudioHelper;
    const audio: unknown = Reflect.get(game, "audio");
    if (!isRecord(audio) || typeof audio.play !== "function") throw new Error("game.audio.play is not there");
    const play = helper.play;
    const audioPlay: (...args: unknown[]) => unknown = audio.play.bind(audio);
    // Put back as it was: core's method is its class's (none of its own), a stand-in's may be its own.
    const ownPlay = Object.getOwnPropertyDescriptor(audio, "play");
    let played = 0;
    helper.play = (...args: unknown[]) => {
      played++;
      return play.apply(helper, args);
    };
    audio.play = (...args: unknown[]) => {
      played++;
      return audioPlay(...args);
    };
    try {
      const again = await new foundry.dice.Roll("1d6").evaluate({ allowInteractive: false });
      await message.update({ rolls: [...message.rolls, again].map((r) => JSON.stringify(r)) });
      assert.equal(message.rolls.length, 2);
      assert.equal(played, 0, "no sound played for the update");
    } finally {
      helper.play = play;
      if (ownPlay) Object.defineProperty(audio, "play", ownPlay);
      else delete audio.play;
      await message.delete();
    }
  });

  it("[chat.speaker-token] getSpeaker of a token names its scene, itself and its actor", async () => {
    await withSpeaker(async (actor) => {
      const scene = await CONFIG.Scene.documentClass.create({
        name: "[Quench] speaker",
        tokens: [{ name: "Contract token", actorId: actor.id, actorLink: true }],
      });
      if (!scene) throw new Error("the temporary scene was not created");
      try {
        const token = scene.tokens.contents[0];
        if (!token) throw new Error("the temporary token was not created");
        const speaker = CONFIG.ChatMessage.documentClass.getSpeaker({ actor, token });
        assert.deepEqual(
          [speaker.scene, speaker.token, speaker.actor, speaker.alias],
          [scene.id, token.id, actor.id, "Contract token"],
        );
      } finally {
        await scene.delete();
      }
    });
  });

  it("[chat.from-uuid] fromUuidSync and fromUuid find a world document and an embedded one", async () => {
    await withSpeaker(async (actor) => {
      const item = [...actor.items][0];
      if (!item) throw new Error("the temporary item was not created");
      // The uuids as core writes them (`Actor.<id>`, `Actor.<id>.Item.<id>`), typed as such.
      assert.equal(actor.uuid, `Actor.${actor.id}`);
      assert.strictEqual(fromUuidSync(`Actor.${actor.id}`), actor);
      assert.strictEqual(fromUuidSync(`Actor.${actor.id}.Item.${item.id}`), item);
      assert.strictEqual(await fromUuid(`Actor.${actor.id}.Item.${item.id}`), item);
      assert.equal(fromUuidSync(`Actor.${foundry.utils.randomID()}`), null);
    });
  });

  it("[chat.inline-roll-data] a new message's deferred inline roll has its @ data from the speaker actor", async () => {
    await withSpeaker(async (actor) => {
      const system: unknown = actor.system;
      const profile = isRecord(system) && isRecord(system.profile) ? system.profile : {};
      const co = isRecord(profile.co) ? profile.co.value : undefined;
      const message = await CONFIG.ChatMessage.documentClass.create({
        content: "<p>[[/r 1d6 + @profile.co.value]]</p>",
        speaker: CONFIG.ChatMessage.documentClass.getSpeaker({ actor }),
      });
      await thenDelete(message, (m) => {
        assert.include(m.content ?? "", `data-formula="1d6 + ${String(co)}"`);
      });
    });
  });
}
