import { beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { answerDialog, nextDialog, openDialogs } from "./fake-apps";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import type { TacticaActor } from "../../src/documents/actor";
import type { PoolRoll } from "../../src/dice/pool-roll";

// The roll pipeline's configure stage is the real dialog path (src/dice/pipeline.ts): the actor's
// roll method opens its roll class's dialog INSIDE the pipeline, after `tactica.preRoll`, so a
// module sees the configuration before the dialog (and may skip it, change its defaults or cancel
// the roll), and replaces a roll class's dialog through `CONFIG.Dice` (dnd5e's pattern). The
// dialogs here are the real ones in the fake's DialogV2, or a module's replacement.

let w: ChatWorld;
let kara: TacticaActor;

type HookConfig = { fastForward?: boolean; dialog?: { input: unknown; opener?: unknown } | null };
type PoolRollClass = typeof PoolRoll & { DIALOG: unknown };
const diceConfig = () => w.fake.CONFIG.Dice as unknown as { PoolRoll: PoolRollClass; rolls: unknown[] };

beforeEach(async () => {
  w = await chatWorld();
  kara = await w.own("Kara", "character", {
    system: { aptitudes: { vivacite: { value: 2 }, puissance: { value: 3 } }, subAptitudes: { reflexe: { value: 1 } } },
  });
});

describe("the roll's dialog, in the pipeline", () => {
  it("publishes each roll class in CONFIG.Dice with its dialog, the class saved messages rebuild from", () => {
    const { PoolRoll, rolls } = diceConfig();
    expect(rolls).toContain(PoolRoll);
    expect(typeof PoolRoll.DIALOG).toBe("function");
  });

  it("fires tactica.preRoll before the dialog opens, with the dialog's input and fastForward false", async () => {
    const seen: string[] = [];
    w.fake.hooks.on("tactica.preRoll", (config) => {
      const { fastForward, dialog } = config as HookConfig;
      seen.push(`preRoll fastForward=${String(fastForward)} dialogs=${openDialogs().length}`);
      expect(dialog?.input).toMatchObject({ request: { aptitude: "vivacite" } });
    });
    const pending = kara.rollPool({ aptitude: "vivacite" });
    const dialog = await nextDialog();
    seen.push("dialog");
    queueDiceFaces([6, 6, 6]);
    await answerDialog(dialog, null, { aptitude: "puissance", subAptitude: "", itemId: "", required: 1 });
    const message = (await pending)!;
    expect(seen).toEqual(["preRoll fastForward=false dialogs=0", "dialog"]);
    // The pool the dialog answered is the one rolled: three base dice of PUI.
    expect((message.rolls[0] as unknown as PoolRoll).formula).toBe("3d6[base]");
  });

  it("lets a tactica.preRoll handler skip the dialog (fastForward) or cancel the roll", async () => {
    w.fake.hooks.on("tactica.preRoll", (config) => {
      (config as HookConfig).fastForward = true;
    });
    queueDiceFaces([1, 2]);
    const rolled = await kara.rollPool({ aptitude: "vivacite" });
    expect(openDialogs()).toEqual([]);
    expect((rolled!.rolls[0] as unknown as PoolRoll).formula).toBe("2d6[base]");
    w.fake.hooks.on("tactica.preRoll", () => false);
    const before = w.messages().length;
    expect(await kara.rollPool({ aptitude: "vivacite" })).toBeNull();
    expect(openDialogs()).toEqual([]);
    expect(w.messages()).toHaveLength(before);
  });

  it("opens the dialog a module set on the roll class through CONFIG.Dice, with its input and opener", async () => {
    const { PoolRoll } = diceConfig();
    const installed = PoolRoll.DIALOG;
    onTestFinished(() => {
      PoolRoll.DIALOG = installed;
    });
    const asked: unknown[] = [];
    const opener = { id: "sheet" };
    PoolRoll.DIALOG = async (input: unknown, from: unknown) => {
      asked.push(input, from);
      return { aptitude: "puissance", subAptitude: "reflexe", required: 1, messageMode: "public" };
    };
    queueDiceFaces([1, 1, 1, 1]);
    const message = (await kara.rollPool({ aptitude: "vivacite" }, { opener }))!;
    expect(asked).toEqual([{ actor: kara, request: { aptitude: "vivacite" } }, opener]);
    expect((message.rolls[0] as unknown as PoolRoll).formula).toBe("3d6[base] + 1d6[skill]");
    expect(openDialogs()).toEqual([]);
  });
});
