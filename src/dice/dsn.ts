/**
 * Dice where they are seen (DESIGN §4). A roll made on a user's client for an existing card (a
 * push, a defence, a resist, a panic draw) is shown once the ONE WRITER has accepted those dice,
 * never before: two users pushing the same card both roll, but only the accepted push's dice are
 * shown; the refused one's are not. The writer does not show them itself: it asks the CLICKER's
 * client to show its own dice (src/chat/shown.ts, over the attested channel of src/chat/gm.ts),
 * because what Dice So Nice shows is decided by the settings of the client that calls it
 * (docs/foundry-behaviour.md "Dice So Nice"): a GM whose 3D dice are off, or set to show only
 * their own dice, would otherwise decide that nobody — the clicker included — sees them.
 * {@link showRoll} is what the clicker's client then runs:
 * - Dice that stay outside the card's rolls (a defence's 2d6, a resist's d10, a panic draw's d10)
 *   go through Dice So Nice when it is active on this client — `game.dice3d.showForRoll(roll, user,
 *   synchronize, users, blind, messageId, speaker)`, "Show the 3D Dice animation for the Roll made
 *   by the User", `synchronize` "if the animation needs to be sent and played for each players",
 *   `users` "who can see the roll, leave it empty if everyone can see", `blind` "if the roll is
 *   blind for the current user" (DSN 5.1.6 `module/Dice3D.js`, the method's own description; the
 *   README sends developers to that API) — as this user's own dice (`game.user`: DSN's "only my
 *   dice" option then never hides them from their roller), synchronised to the users who may see
 *   the card's content (core's `ChatMessage#isContentVisible`: its whisper recipients, and its
 *   author unless blind; everyone when not whispered). DSN resolves once the throw has ended on
 *   this client; nothing here waits longer than {@link SHOW_WAIT_MS} for it, and the one writer
 *   does not wait for it at all (src/chat/shown.ts).
 * - Dice appended to the card as a roll (a push: `message.update({rolls})`) are animated by DSN
 *   itself on every client, from its own `preUpdateChatMessage` / `updateChatMessage` hooks ("Hide
 *   and roll new rolls added in a chat message in a update", DSN 5.1.6 `module/main.js`), as a new
 *   message's rolls are from `createChatMessage`: showing them here too would show them twice.
 * - Without DSN on this client (not active, or core's `noCanvas`, where DSN creates no
 *   `game.dice3d`: DSN 5.1.6 `module/main.js`), core's dice sound, here and for the card's viewers
 *   (`foundry.audio.AudioHelper.play(data, socketOptions)`, "As an object, can configure which
 *   recipients (an array of User IDs) should receive the event", v13 client `audio/helper.mjs`;
 *   https://foundryvtt.com/api/classes/foundry.audio.AudioHelper.html#play), pushes included: core
 *   plays a message's sound when it is created (v13 `ChatMessage#_onCreate` posts it with
 *   `notify: true`; a roll message gets `CONFIG.sounds.dice` in `_preCreate`), never when it is
 *   updated (`_onUpdate` redraws it with `ui.chat.updateMessage(this)`, no notification).
 *
 * The look of each kind of die (src/dice/appearance.ts) is registered when DSN is ready
 * (`diceSoNiceReady`, listened to only when DSN is active: src/hooks/integrations.ts), through the
 * API of DSN 5.1 (`module/Dice3D.js`, the methods' own descriptions):
 * - `addColorset(colorset, mode = "default")`: each kind's colours;
 * - `addSystem({ id, name, group }, mode = "default")`: a dice set users may also pick in their DSN
 *   settings ("Default will add the system as a choice"), grouped under `group`;
 * - `addDicePreset({ type, labels, system, colorset }, shape)`: the faces of that set's d6 —
 *   "Labels contains either strings (unicode) or a path to a texture (png, gif, jpg, webp)", 256×256
 *   (DSN `module/DicePreset.js` `loadTextureType` loads a label as an image only when it ends in one
 *   of those extensions: an `.svg` path would be written on the face as text, hence PNG faces made
 *   from the SVG sources in assets/dice/, scripts/dice-faces.ts);
 * - a set's textures load only when some user shows that set (DSN `module/DiceFactory.js`
 *   `preloadPresets`, which reads the users' own choice); a die whose appearance names a set not
 *   loaded would show its labels unloaded. So each set is loaded here for this user with
 *   `DiceFactory.preloadPresets(false, userId, { global: { system } })`, as the Grimwild system does
 *   (asacolips-projects/grimwild `module/grimwild.mjs`, "Preload grimwild dice"). That call is not
 *   in DSN's documented API: it is guarded, and listed in docs/manual-checks.md.
 */
import {
  DIE_COLOR_KINDS,
  DIE_COLORSETS,
  DIE_FACE_SYSTEMS,
  DIE_FACES,
  type DieColorKind,
  type FaceMark,
} from "./appearance";
import { POOL_DIE_KINDS, type PoolDieKind } from "../rules/pool";

/** Where the faces' images are served from (assets/dice/ of the system). */
export const DIE_FACE_ROOT = "systems/tactica/assets/dice";

/** A dice set, as `addSystem` takes it. */
export interface DiceSystemData {
  id: string;
  name: string;
  group?: string;
}

/** A dice set's faces for one die type, as `addDicePreset` takes them. */
export interface DicePresetData {
  type: string;
  labels: string[];
  system: string;
  colorset?: string;
}

/** Dice So Nice's API, as far as Tactica uses it. */
export interface Dice3d {
  showForRoll(
    roll: unknown,
    user: unknown,
    synchronize: boolean,
    users: string[] | null,
    blind: boolean,
    messageId: string | null,
    speaker: unknown,
  ): Promise<boolean>;
  addColorset(colorset: Record<string, string>, mode?: "default" | "preferred"): Promise<void> | void;
  addSystem(system: DiceSystemData, mode?: "default" | "preferred"): void;
  addDicePreset(dice: DicePresetData, shape?: string | null): void;
  /** DSN's dice factory (not in its documented API; see the module comment). */
  DiceFactory?: {
    preloadPresets?(waitForLoad: boolean, userId: string | null, config: object): Promise<unknown> | unknown;
  };
}

/** How long a client's own showing waits for its throw to end (ms); the one writer never waits for it. */
export const SHOW_WAIT_MS = 6_000;

/** The card a roll belongs to, as far as who sees its dice goes (a ChatMessage). */
export interface ShownIn {
  id: string | null;
  whisper: readonly unknown[];
  blind: boolean;
  author?: { id?: string | null } | null;
  speaker: unknown;
  /** whether THIS client's user may see the card's content (core's `ChatMessage#isContentVisible`) */
  isContentVisible: boolean;
}

function dice3d(): Dice3d | null {
  return game.dice3d ?? null;
}

/**
 * The users who may see the card's content, as core's `ChatMessage#isContentVisible` decides it
 * for each (v13 client `documents/chat-message.mjs`): a whispered roll's recipients and its author
 * unless it is blind; null (everyone) when it is not whispered.
 */
export function viewersOf(message: ShownIn): string[] | null {
  const whisper = message.whisper.filter((id): id is string => typeof id === "string");
  if (!whisper.length) return null;
  const author = message.author?.id;
  return !message.blind && author && !whisper.includes(author) ? [...whisper, author] : whisper;
}

/** `task`'s promise, or nothing after `ms` (a failure logged): what the one writer waits for. */
async function atMost(ms: number, task: () => Promise<unknown>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const elapsed = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  try {
    await Promise.race([task(), elapsed]);
  } catch (error) {
    console.error("Tactica | Dice So Nice could not show the dice", error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Shows `roll`, dice THIS client's user rolled for the card `message` and the one writer accepted:
 * 3D dice for whoever may see the card, or the dice sound (see the module comment). `appended`:
 * the dice were appended to the card as a roll, which DSN animates itself.
 */
export async function showRoll(roll: unknown, message: ShownIn, appended = false): Promise<void> {
  const dsn = dice3d();
  if (!dsn) return playDiceSound(message);
  if (appended) return;
  await atMost(SHOW_WAIT_MS, () =>
    dsn.showForRoll(roll, game.user, true, viewersOf(message), !message.isContentVisible, message.id, message.speaker),
  );
}

/**
 * Core's dice sound, here and for the other users who may see the card's content (all of them when
 * it is not whispered): `true` "emits playback to all other clients", `{recipients}` only to those
 * (v13 `AudioHelper.play`); it always plays here too.
 */
function playDiceSound(message: ShownIn): void {
  const src = CONFIG.sounds?.dice;
  if (!src) return;
  const viewers = viewersOf(message)?.filter((id) => id !== game.user?.id);
  const socketOptions = viewers ? (viewers.length ? { recipients: viewers } : false) : true;
  void foundry.audio.AudioHelper.play({ src, volume: 0.8, loop: false }, socketOptions);
}

/** Each kind's colours: base (aptitude) ivory, skill steel blue, gear brass, psychic violet. */
export const DIE_COLOURS: Record<DieColorKind, { background: string; foreground: string; edge: string }> = {
  base: { background: "#e9dfc6", foreground: "#2b1d0e", edge: "#8a7350" },
  skill: { background: "#2f5a86", foreground: "#f4f1e8", edge: "#1b3552" },
  gear: { background: "#b08a3c", foreground: "#1e1406", edge: "#6e5420" },
  psy: { background: "#5a2b87", foreground: "#f3e9ff", edge: "#2e1248" },
};

/** `diceSoNiceReady`: the colour set of each kind of die. */
function addDiceColorsets(dsn: Dice3d): void {
  for (const kind of DIE_COLOR_KINDS) {
    const colours = DIE_COLOURS[kind];
    void dsn.addColorset(
      {
        name: DIE_COLORSETS[kind],
        description: game.i18n?.localize(`TACTICA.Dice.colorset.${kind}`) ?? kind,
        category: "Tactica",
        foreground: colours.foreground,
        background: colours.background,
        outline: colours.edge,
        edge: colours.edge,
        texture: "none",
        material: "plastic",
      },
      "default",
    );
  }
}

/** The image of a symbol face of `kind` (its colour is the kind's ink: assets/dice/). */
export function faceImage(kind: PoolDieKind, mark: "success" | "bane"): string {
  return `${DIE_FACE_ROOT}/${kind}-${mark}.png`;
}

/** The label DSN draws on a face: its number as text, or its symbol's image. */
function faceLabel(kind: PoolDieKind, mark: FaceMark): string {
  return typeof mark === "number" ? String(mark) : faceImage(kind, mark);
}

/** The d6 preset of each pool die kind's dice set: its six labels, face 1 first. */
export function dicePresets(): DicePresetData[] {
  return POOL_DIE_KINDS.map((kind) => ({
    type: "d6",
    labels: DIE_FACES[kind].map((mark) => faceLabel(kind, mark)),
    system: DIE_FACE_SYSTEMS[kind],
    colorset: DIE_COLORSETS[kind],
  }));
}

/** `diceSoNiceReady`: the dice sets of the pool dice (faces with Tactica's symbols), loaded for this user. */
function addDiceSystems(dsn: Dice3d): void {
  for (const kind of POOL_DIE_KINDS) {
    const name = game.i18n?.localize(`TACTICA.Dice.faces.${kind}`) ?? kind;
    dsn.addSystem({ id: DIE_FACE_SYSTEMS[kind], name, group: "Tactica" }, "default");
  }
  for (const preset of dicePresets()) dsn.addDicePreset(preset, "d6");
  for (const system of Object.values(DIE_FACE_SYSTEMS)) void loadFaces(dsn, system);
}

/** Loads the textures of the dice set `system` for this user (see the module comment); a failure is logged. */
async function loadFaces(dsn: Dice3d, system: string): Promise<void> {
  const factory = dsn.DiceFactory;
  if (typeof factory?.preloadPresets !== "function") return;
  try {
    await factory.preloadPresets(false, game.user?.id ?? null, { global: { system } });
  } catch (error) {
    console.error("Tactica | Dice So Nice could not load the faces", error);
  }
}

/** `diceSoNiceReady` (src/hooks/integrations.ts): Tactica's dice — each kind's colours, and the pool dice's faces. */
export function addDiceSet(dsn: Dice3d): void {
  addDiceColorsets(dsn);
  addDiceSystems(dsn);
}
