/**
 * A STAND-IN for Dice So Nice's public API (`game.dice3d`), built from DSN 5.1.6's own code — not
 * DSN. Sources (riccisi/foundryvtt-dice-so-nice, mirrored as Trahloc/foundryvtt-dice-so-nice):
 * - `module/Dice3D.js`: `addColorset(colorset, mode = "default")` (the colour set kept by `name`),
 *   `addSystem(system, mode = "default")` ("Register a new system… {id, name, group}"; a boolean
 *   mode is the legacy form of "preferred"/"default"), `addDicePreset(dice, shape)` ("Register a new
 *   dice preset… The system should be a system id already registered"), and `showForRoll(roll,
 *   user, synchronize, users, blind, messageId, speaker)`, which shows a roll made here (and, when
 *   synchronised, to `users`, or to everyone when null) — "we merge the roll appearance in the dice
 *   term" — and which decides by the CALLING client's own settings (`Dice3D.CONFIG()`, read from
 *   `game.user`'s flags): it resolves false before anything is shown or emitted when that client's
 *   "only show my own dice" is on and `user !== game.user` (`if (Dice3D.CONFIG().onlyShowOwnDice
 *   && user !== game.user) return Promise.resolve(false)`), and `show()` resolves false before its
 *   synchronising `game.socket.emit("module.dice-so-nice", {type: "show", …})` when that client's
 *   3D dice are off (`!this.isEnabled()`: `Dice3D.CONFIG().enabled`, and not during a combat when
 *   the world disables them then). Mirror read: Trahloc/foundryvtt-dice-so-nice at 814de66
 *   (5.1.6), `module/Dice3D.js` `showForRoll`, `show`, `isEnabled`. A receiving client shows a
 *   synchronised throw when it is enabled there (`_initListeners`, case "show");
 * - `module/DiceFactory.js`: `getPresetBySystem(type, system)` (the system's preset of that die
 *   type when it has one of the same shape, else the standard one), `getAppearanceForDice`, whose
 *   last step merges the die term's `options.appearance` over the user's appearance (so a term's
 *   `system` and `colorset` win), and `preloadPresets(waitForLoad, userId, config)`, which loads the
 *   presets of the systems a user's appearance (merged with `config`) names — `{ global: { system } }`;
 * - `module/DicePreset.js` `loadTextureType`: a label is loaded as an image only when it ends in
 *   .png/.gif/.jpg/.jpeg/.webp; any other label is drawn as text; a preset's textures are loaded
 *   only by `preloadPresets` (or for a standard die), so an image label of a preset never loaded is
 *   not shown as its image;
 * - `module/main.js`, the message hooks DSN registers on every client: `createChatMessage`
 *   ("Intercepts all roll-type messages hiding the content until the animation is finished") shows
 *   a NEW message's rolls; `preUpdateChatMessage` ("Save the number of new rolls in the message
 *   before it is updated": `options.dsnCountAddedRoll`, `options.dsnIndexAddedRoll`, counted from
 *   the source's `rolls`) and `updateChatMessage` ("Hide and roll new rolls added in a chat message
 *   in a update") show the rolls an UPDATE appended — each through `renderRolls`, which calls
 *   `showForRoll(roll, chatMessage.author, false, null, false, chatMessage.id, chatMessage.speaker)`
 *   on that client — only where `shouldInterceptMessage` lets it: a roll message with dice, whose
 *   content the client's user may see (DSN's defaults: `hide3dDiceOnSecretRolls` true, no ghost
 *   dice). The fake fires a document's hooks once, on the writing client (fake-world.ts): the
 *   stand-in records ONE showing for such a message, `users` being the users whose own client
 *   would show it (core v13 `ChatMessage#isContentVisible`: a whispered roll's recipients, and its
 *   author unless blind; null when not whispered).
 *
 * What a test reads: {@link DiceSoNiceStandIn.shown}, one entry per showing — a `showForRoll` call
 * ("api") or a message hook's ("message") — with the client it was made on and the face each die
 * would show — its label (the preset's, or the number), whether that label is an image and whether
 * the image is loaded — and its colour set. Not modelled: the 3D throw, sounds, the user's own
 * appearance (a user who chose no set), colour set contents, DSN's settings but each client's
 * `enabled` and `onlyShowOwnDice` ({@link DiceSoNiceStandIn.configure}; the others keep their
 * defaults; the message hooks assume the defaults), the receiving clients of a synchronised throw
 * (one entry records the call, with its `users`), inline rolls, roll orders, the
 * `diceSoNiceRollStart` and `diceSoNiceRollComplete`
 * hooks, and `show()`'s data format.
 */

/** One preset of a system, as registered. */
export interface StandInPreset {
  type: string;
  labels: string[];
  system: string;
  colorset: string | null;
  loaded: boolean;
}

/** What one die of a shown roll would show. */
export interface ShownFace {
  /** the die's result */
  result: number;
  /** the label drawn on the face that came up */
  label: string;
  /** the label is an image path (DSN loads it as a texture) */
  image: boolean;
  /** that image is loaded (else DSN would not draw it) */
  loaded: boolean;
  system: string;
  colorset: string | null;
}

/** One showing: a `showForRoll` call ("api"), or a message's rolls shown by DSN's own hooks ("message"). */
export interface ShownRoll {
  via: "api" | "message";
  /** the user of the client it was made on (for "message": the writing client's, where the fake fires hooks) */
  client: string | null;
  roll: unknown;
  userId: string | null;
  synchronize: boolean;
  users: string[] | null;
  blind: boolean;
  messageId: string | null;
  faces: ShownFace[];
}

const IMAGE = /\.(png|jpg|jpeg|gif|webp)$/i;

/** The die types DSN's standard set knows (the shapes Tactica rolls). */
const STANDARD_FACES: Record<string, number> = { d6: 6, d10: 10 };

/** A die term as the stand-in reads it (core's `Die`: faces, results, options). */
interface TermLike {
  faces?: number;
  results?: { result: number; active?: boolean }[];
  options?: { appearance?: { system?: string; colorset?: string } };
}

/** A chat message as DSN's hooks read it. */
interface MessageLike {
  id: string | null;
  rolls: { dice?: TermLike[] }[];
  whisper: string[];
  blind: boolean;
  author?: { id?: string | null } | null;
  toObject(): { rolls?: unknown[] };
}

/** The options object DSN's update hooks share (the update's). */
interface UpdateOptions {
  dsnCountAddedRoll?: number;
  dsnIndexAddedRoll?: number;
}

/** Core v13 `ChatMessage#isContentVisible` of a roll message, for each user: who would see its dice. */
function contentViewers(message: MessageLike): string[] | null {
  if (!message.whisper.length) return null;
  const author = message.author?.id ?? null;
  return author && !message.blind && !message.whisper.includes(author)
    ? [...message.whisper, author]
    : [...message.whisper];
}

/** `game.dice3d` (see the module comment). */
export class DiceSoNiceStandIn {
  readonly colorsets = new Map<string, Record<string, string>>();
  readonly systems = new Map<string, { id: string; name: string; group: string | null; mode: string }>();
  readonly presets = new Map<string, StandInPreset>();
  readonly shown: ShownRoll[] = [];
  preferredSystem = "standard";

  /** DSN's factory, as far as `preloadPresets` goes. */
  readonly DiceFactory = {
    preloadPresets: async (
      _waitForLoad: boolean,
      _userId: string | null,
      config: { global?: { system?: string } } = {},
    ) => {
      const system = config.global?.system ?? this.preferredSystem;
      for (const preset of this.presets.values()) if (preset.system === system) preset.loaded = true;
    },
  };

  async addColorset(colorset: Record<string, string>, _mode: "default" | "preferred" = "default"): Promise<void> {
    this.colorsets.set(colorset.name ?? "", colorset);
  }

  addSystem(system: { id: string; name: string; group?: string }, mode: "default" | "preferred" | boolean = "default") {
    const resolved = typeof mode === "boolean" ? (mode ? "preferred" : "default") : mode;
    this.systems.set(system.id, { id: system.id, name: system.name, group: system.group ?? null, mode: resolved });
    if (resolved !== "default" && this.preferredSystem === "standard") this.preferredSystem = system.id;
  }

  addDicePreset(
    dice: { type: string; labels: string[]; system: string; colorset?: string },
    shape: string | null = null,
  ) {
    if (!this.systems.has(dice.system)) throw new Error(`Dice So Nice stand-in: unknown system ${dice.system}`);
    const faces = STANDARD_FACES[shape ?? dice.type];
    if (!faces || dice.labels.length !== faces)
      throw new Error(`Dice So Nice stand-in: ${dice.type} needs ${faces} labels`);
    this.presets.set(`${dice.system}:${dice.type}`, {
      type: dice.type,
      labels: [...dice.labels],
      system: dice.system,
      colorset: dice.colorset ?? null,
      loaded: false,
    });
  }

  /** DSN's `getPresetBySystem`: the system's preset of `type`, else the standard die (null). */
  presetOf(type: string, system: string): StandInPreset | null {
    return system !== "standard" && this.systems.has(system) ? (this.presets.get(`${system}:${type}`) ?? null) : null;
  }

  /** The user of the client running now (the fake's `game.user`): its id, and the object itself. */
  client: () => string | null = () => null;
  clientUser: () => unknown = () => null;

  /** Each client's own DSN settings, by user id (DSN's defaults: enabled, every user's dice shown). */
  private readonly settings = new Map<string, { enabled: boolean; onlyShowOwnDice: boolean }>();

  /** Test control: `userId`'s own DSN settings (`Dice3D.CONFIG()` on that user's client). */
  configure(userId: string, change: { enabled?: boolean; onlyShowOwnDice?: boolean }): void {
    this.settings.set(userId, { ...this.config(userId), ...change });
  }

  /** `Dice3D.CONFIG()` on the client of `userId`, as far as the stand-in models it. */
  private config(userId: string | null): { enabled: boolean; onlyShowOwnDice: boolean } {
    return (userId && this.settings.get(userId)) || { enabled: true, onlyShowOwnDice: false };
  }

  async showForRoll(
    roll: { dice?: TermLike[] },
    user: { id?: string | null } | null,
    synchronize = false,
    users: string[] | null = null,
    blind = false,
    messageId: string | null = null,
    _speaker: unknown = null,
  ): Promise<boolean> {
    const client = this.client();
    const config = this.config(client);
    // DSN 5.1.6 `showForRoll`: "only my dice" compares the user OBJECT with `game.user`; then `show`.
    if (config.onlyShowOwnDice && user !== this.clientUser()) return false;
    if (!config.enabled) return false;
    const faces = (roll.dice ?? []).flatMap((term) => this.facesOf(term));
    this.shown.push({
      via: "api",
      client,
      roll,
      userId: user?.id ?? null,
      synchronize,
      users,
      blind,
      messageId,
      faces,
    });
    return true;
  }

  /** DSN's `renderRolls` of `rolls` for `message`, from its message hooks (see the module comment). */
  private showMessageRolls(message: MessageLike, rolls: { dice?: TermLike[] }[]): void {
    const faces = rolls.flatMap((roll) => (roll.dice ?? []).flatMap((term) => this.facesOf(term)));
    if (!faces.length) return;
    this.shown.push({
      via: "message",
      client: this.client(),
      roll: rolls,
      userId: message.author?.id ?? null,
      synchronize: false,
      users: contentViewers(message),
      blind: false,
      messageId: message.id,
      faces,
    });
  }

  /** `createChatMessage`: a new message's rolls. */
  onCreateMessage(message: MessageLike): void {
    this.showMessageRolls(message, message.rolls);
  }

  /** `preUpdateChatMessage`: how many rolls the update appends, and from where. */
  onPreUpdateMessage(message: MessageLike, change: { rolls?: unknown[] }, options: UpdateOptions): void {
    if (!change || !Array.isArray(change.rolls)) return;
    const before = message.toObject().rolls?.length ?? 0;
    options.dsnCountAddedRoll = change.rolls.length - before;
    options.dsnIndexAddedRoll = before;
  }

  /** `updateChatMessage`: the rolls the update appended. */
  onUpdateMessage(message: MessageLike, _change: unknown, options: UpdateOptions): void {
    if ((options.dsnCountAddedRoll ?? 0) > 0)
      this.showMessageRolls(message, message.rolls.slice(options.dsnIndexAddedRoll));
  }

  /** What each active result of a die term shows. */
  private facesOf(term: TermLike): ShownFace[] {
    const appearance = term.options?.appearance ?? {};
    const system = appearance.system ?? this.preferredSystem;
    const preset = this.presetOf(`d${term.faces ?? 6}`, system);
    return (term.results ?? [])
      .filter((r) => r.active !== false)
      .map(({ result }) => {
        const label = preset?.labels[result - 1] ?? String(result);
        const image = IMAGE.test(label);
        return {
          result,
          label,
          image,
          loaded: !image || preset?.loaded === true,
          system: preset ? system : "standard",
          colorset: appearance.colorset ?? preset?.colorset ?? null,
        };
      });
  }
}

/** The fake's `Hooks`, as DSN's script registers on it. */
interface HooksLike {
  on(event: string, fn: (...args: never[]) => unknown): unknown;
}

/**
 * Installs the stand-in as an active Dice So Nice on a fake world, before the entry's `init`
 * (`game.modules` entry `dice-so-nice`, active; `game.dice3d`, as DSN sets it on `init`; its
 * message hooks, on the global `Hooks` as DSN's `module/main.js` registers them).
 */
export function installDiceSoNice(game: Record<string, unknown>): DiceSoNiceStandIn {
  const dsn = new DiceSoNiceStandIn();
  const modules = (game.modules as Map<string, unknown> | undefined) ?? new Map<string, unknown>();
  modules.set("dice-so-nice", { id: "dice-so-nice", active: true, version: "5.1.6" });
  Object.assign(game, { modules, dice3d: dsn });
  dsn.client = () => (game.user as { id?: string } | undefined)?.id ?? null;
  dsn.clientUser = () => game.user ?? null;
  const hooks = (globalThis as { Hooks?: HooksLike }).Hooks;
  hooks?.on("createChatMessage", (message: MessageLike) => dsn.onCreateMessage(message));
  hooks?.on("preUpdateChatMessage", (message: MessageLike, change: { rolls?: unknown[] }, options: UpdateOptions) =>
    dsn.onPreUpdateMessage(message, change, options),
  );
  hooks?.on("updateChatMessage", (message: MessageLike, change: unknown, options: UpdateOptions) =>
    dsn.onUpdateMessage(message, change, options),
  );
  return dsn;
}
