/**
 * Every dialog window as the product opens it (review N12, ux §5 state 1): the REAL dialog
 * functions (src/applications/dialogs/*) run in the Foundry fake with the real templates and
 * languages; each window is taken as core's DialogV2 would show it — its content (the template,
 * and for a roll the message-mode picker), its odds line filled by the dialog's own odds function
 * from the form's values as it opens, and ONLY its own buttons — then closed.
 */
import { nextDialog, type FakeDialogV2 } from "../foundry/fake-apps";
import { sampleCharacter, type SheetWorld } from "./sheet-samples";

/**
 * The dialog modules, imported once the fake exists (they read Foundry's globals as they load, as
 * a system's modules load after Foundry's API).
 */
const dialogs = async () => ({
  ...(await import("../../src/applications/dialogs/pool-dialog")),
  ...(await import("../../src/applications/dialogs/score-dialog")),
  ...(await import("../../src/applications/dialogs/psy-dialog")),
  ...(await import("../../src/applications/dialogs/profile-dialog")),
  ...(await import("../../src/applications/dialogs/attack-dialog")),
  ...(await import("../../src/applications/dialogs/pressure-dialog")),
  ...(await import("../../src/applications/dialogs/move-dialog")),
  ...(await import("../../src/applications/dialogs/confirm-dialog")),
});
type Dialogs = Awaited<ReturnType<typeof dialogs>>;

/** One dialog as a table meets it: how it is opened. */
export interface DialogWindowSample {
  name: string;
  /** Opens the dialog in `w` (the promise settles once the dialog is answered or closed). */
  open(w: SheetWorld, actor: Awaited<ReturnType<typeof sampleCharacter>>, d: Dialogs): Promise<unknown>;
}

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Core v13's DialogV2 window around a dialog (`dialog.mjs` `_renderHTML`: its form, the content in
 * `.dialog-content`, each button with its icon and localised label in the footer, the default one
 * `autofocus`), with the odds line as the dialog filled it.
 */
function windowOf(dialog: FakeDialogV2, i18n: { localize(k: string): string }): string {
  const line = dialog.dialogForm.querySelector("[data-odds]");
  const odds = line?.textContent ?? "";
  // The line's tooltip (the score test's formula), as core's tooltip manager reads it.
  const tooltip = line?.getAttribute("data-tooltip");
  const content = String(dialog.options.content).replace(
    /(<[^>]*\sdata-odds[\s>][^>]*>|<[^>]*\sdata-odds>)(\s*)(<\/)/,
    (_m, open: string, _space: string, close: string) =>
      `${tooltip ? open.replace(/>$/, ` data-tooltip="${escape(tooltip).replace(/"/g, "&quot;")}">`) : open}${escape(odds)}${close}`,
  );
  const buttons = Object.values(dialog.buttons)
    .map(
      (b) =>
        `<button type="submit" data-action="${b.action}"${b.default ? " autofocus" : ""}>${b.icon ? `<i class="${b.icon}" aria-hidden="true"></i>` : ""}<span>${escape(i18n.localize(b.label ?? ""))}</span></button>`,
    )
    .join("");
  const classes = ["application", ...((dialog.options.classes as string[]) ?? []).filter((c) => c !== "application")];
  return `<div class="${[...new Set(classes)].join(" ")}"><header class="window-header"></header><div class="window-content"><form class="dialog-form standard-form" autocomplete="off"><div class="dialog-content standard-form">${content}</div><footer class="form-footer">${buttons}</footer></form></div></div>`;
}

/** The window of the dialog `sample` opens, then closed without an answer. */
export async function dialogWindow(w: SheetWorld, sample: DialogWindowSample): Promise<string> {
  const actor = await sampleCharacter(w);
  const settled = sample.open(w, actor, await dialogs());
  const dialog = await nextDialog();
  const html = windowOf(dialog, w.fake.game.i18n as { localize(k: string): string });
  await dialog.close();
  await settled;
  return html;
}

const target = (name: string, distance: number | null, note = "") => ({
  actorUuid: `Actor.${name}`,
  tokenUuid: `Scene.s.Token.${name}`,
  name,
  distance,
  note,
});

/** The names the samples give, in the reader's language (English pictures hold no French). */
const NAMES = {
  fr: { power: "Choc mental", rifle: "Fusil laser", legs: "Servo-jambes", armour: "Carapace", hero: "Aveline" },
  en: { power: "Mind shock", rifle: "Las rifle", legs: "Servo-legs", armour: "Carapace", hero: "Aveline" },
} as const;
const names = (w: SheetWorld) => NAMES[(w.fake.game.i18n as { lang: string }).lang === "en" ? "en" : "fr"];

/** Each dialog of the system, opened as a roll or an action opens it. */
export const DIALOG_WINDOWS: DialogWindowSample[] = [
  {
    name: "pool, its odds line filled",
    open: (_w, actor, d) =>
      d.poolDialog({ actor, request: { aptitude: "vivacite", subAptitude: "reflexe", required: 2 } }),
  },
  {
    name: "score, its odds line filled",
    open: (_w, actor, d) => d.scoreDialog({ actor, request: { subAptitude: "reflexe", difficulty: 14 } }),
  },
  {
    name: "psy cast, its odds line filled",
    open: (w, _actor, d) =>
      d.psyDialog({ name: names(w).power, level: 2, mastery: 2, canConcentrate: true, isChoir: false, chanters: 0 }),
  },
  {
    name: "CO test, its odds line filled",
    open: (_w, actor, d) => d.profileDialog({ actor, key: "co", co: { banner: true, fear: 1 } }),
  },
  {
    name: "attack, its summary line filled",
    open: (w, _actor, d) =>
      d.attackDialog({
        itemName: names(w).rifle,
        subAptitudeLabel: "TACTICA.SubAptitude.precision",
        score: 6,
        range: "2-4",
        targets: [target("Ork", 3), target("Brute", 6)],
        area: null,
      }),
  },
  { name: "pressure", open: (w, _actor, d) => d.pressureDialog({ itemName: names(w).legs, dice: 1 }) },
  {
    name: "move, its own button",
    open: (w, _actor, d) =>
      d.moveDialog({
        name: names(w).hero,
        gear: [{ id: "g1", name: names(w).legs }],
        requis: 1,
        armour: names(w).armour,
      }),
  },
  { name: "delete confirmation, its own buttons", open: (w, _actor, d) => d.confirmDelete({ name: names(w).rifle }) },
];
