/**
 * Dice where they are seen (DESIGN §4). A roll made on a user's client for an existing card (a
 * push, a defence, a resist, a panic draw) is shown there: through Dice So Nice when it is active
 * — `game.dice3d.showForRoll(roll, user, synchronize, users, blind, messageId, speaker)`, which also
 * plays it for the other users allowed to see it (DSN `module/Dice3D.js`, "Show the 3D Dice
 * animation for the Roll made by the User") — else with core's dice sound for everyone
 * (`foundry.audio.AudioHelper.play(data, true)`: https://foundryvtt.com/api/classes/foundry.audio.AudioHelper.html#play).
 * Rolls of NEW messages need nothing: DSN animates a created message's rolls itself, and core
 * gives a roll message `CONFIG.sounds.dice` (v13 `ChatMessage#_preCreate`).
 *
 * The colour of each kind of die (src/dice/appearance.ts) is a DSN colour set, registered when
 * DSN is ready (`diceSoNiceReady`, DSN `addColorset(colorset, mode = "default")`).
 */
import { DIE_COLOR_KINDS, DIE_COLORSETS, type DieColorKind } from "./appearance";

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
}

/** The message a roll belongs to, as DSN reads it. */
interface ShownIn {
  id: string | null;
  whisper: string[];
  blind: boolean;
  speaker: unknown;
}

function dice3d(): Dice3d | null {
  return game.dice3d ?? null;
}

/** Shows `roll`, made here for `message`: 3D dice for whoever may see the message, or the dice sound. */
export async function showRoll(roll: unknown, message: ShownIn): Promise<void> {
  const dsn = dice3d();
  if (dsn) {
    await dsn.showForRoll(
      roll,
      game.user,
      true,
      message.whisper.length ? [...message.whisper] : null,
      message.blind,
      message.id,
      message.speaker,
    );
    return;
  }
  const src = CONFIG.sounds?.dice;
  // `true`: emitted to every other connected user too, as a roll message's sound is heard by all
  // (v13 docs: "As a boolean, emits (true) or does not emit (false) playback to all other clients").
  if (src) void foundry.audio.AudioHelper.play({ src, volume: 0.8, loop: false }, true);
}

/** Each kind's colours: base (aptitude) ivory, skill steel blue, gear brass, psychic violet. */
const COLOURS: Record<DieColorKind, { background: string; foreground: string; edge: string }> = {
  base: { background: "#e9dfc6", foreground: "#2b1d0e", edge: "#8a7350" },
  skill: { background: "#2f5a86", foreground: "#f4f1e8", edge: "#1b3552" },
  gear: { background: "#b08a3c", foreground: "#1e1406", edge: "#6e5420" },
  psy: { background: "#5a2b87", foreground: "#f3e9ff", edge: "#2e1248" },
};

/** `diceSoNiceReady` (src/hooks/chat.ts): adds the colour set of each kind of die. */
export function addDiceColorsets(dsn: Dice3d): void {
  for (const kind of DIE_COLOR_KINDS) {
    const colours = COLOURS[kind];
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
