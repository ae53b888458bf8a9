/**
 * The roll dialogs' templates with sample contexts (as the dialog modules build them), shared by
 * the template tests and the browser checks. A context is built for the reader's language: the
 * names it gives are in that language (sample-names.ts).
 */
import { named, type SampleLang } from "./sample-names";

export interface DialogSample {
  name: string;
  template: string;
  context(lang: SampleLang): object;
  /** form field names expected */
  fields: string[];
}

const ROOT = "systems/tactica/templates/dialogs";

/** The per-render id prefix formDialog adds to every context (src/applications/dialogs/form-dialog.ts). */
export const SAMPLE_UID = "tactica-sample";

const SAMPLES: DialogSample[] = [
  {
    name: "pool",
    template: `${ROOT}/pool.hbs`,
    context: (lang) => ({
      aptitudes: [
        { key: "vivacite", label: "TACTICA.Aptitude.vivacite", value: 3, selected: true },
        { key: "volonte", label: "TACTICA.Aptitude.volonte", value: 2, selected: false },
      ],
      subAptitudes: [{ key: "reflexe", label: "TACTICA.SubAptitude.reflexe", value: 2, selected: true }],
      items: [{ id: "rifle", name: named("rifleTag", lang), bonus: 1, selected: false }],
      required: 1,
    }),
    fields: ["aptitude", "subAptitude", "itemId", "required"],
  },
  {
    name: "pressure",
    template: `${ROOT}/pressure.hbs`,
    context: (lang) => ({ itemName: named("valve", lang), dice: 1 }),
    fields: ["dice"],
  },
  {
    name: "profile (CO toggles)",
    template: `${ROOT}/profile.hbs`,
    context: () => ({
      key: "co",
      label: "TACTICA.Profile.co.label",
      value: 7,
      isCo: true,
      co: { banner: true, general: false, outnumbered: false, fear: 1 },
    }),
    fields: ["banner", "general", "outnumbered", "fear", "modifier"],
  },
  {
    name: "profile (ATT)",
    template: `${ROOT}/profile.hbs`,
    context: () => ({
      key: "att",
      label: "TACTICA.Profile.att.label",
      value: 4,
      isCo: false,
      co: { banner: false, general: false, outnumbered: false, fear: 0 },
    }),
    fields: ["modifier"],
  },
  {
    name: "psy (concentration)",
    template: `${ROOT}/psy.hbs`,
    context: (lang) => ({
      powerName: named("shock", lang),
      level: 2,
      canConcentrate: true,
      isChoir: false,
      chanters: 0,
    }),
    fields: ["concentration", "modifier"],
  },
  {
    name: "psy (choir, no AC to concentrate)",
    template: `${ROOT}/psy.hbs`,
    context: () => ({ powerName: "Obstacle", level: 6, canConcentrate: false, isChoir: true, chanters: 3 }),
    fields: ["chanters", "modifier"],
  },
  {
    name: "score",
    template: `${ROOT}/score.hbs`,
    context: () => ({
      subAptitudes: [
        {
          key: "reflexe",
          label: "TACTICA.SubAptitude.reflexe",
          value: 4,
          aptitude: "vivacite",
          aptitudeLabel: "TACTICA.Aptitude.vivacite",
          aptitudeValue: 2,
          selected: true,
        },
        {
          key: "force",
          label: "TACTICA.SubAptitude.force",
          value: 1,
          aptitude: "puissance",
          aptitudeLabel: "TACTICA.Aptitude.puissance",
          aptitudeValue: 3,
          selected: false,
        },
      ],
      difficulty: 18,
      modifier: 0,
    }),
    fields: ["subAptitude", "difficulty", "modifier"],
  },
  {
    name: "attack (targets, Imprécis, out of range)",
    template: `${ROOT}/attack.hbs`,
    context: (lang) => ({
      itemName: named("rifleTag", lang),
      subAptitudeLabel: "TACTICA.SubAptitude.precision",
      score: 6,
      area: false,
      noTargets: false,
      targets: [
        {
          index: 0,
          name: "Vex <Vex>",
          self: false,
          distance: 2,
          distanceKnown: true,
          penalty: 4,
          outOfRange: false,
          range: "0-3",
          note: "",
        },
        {
          index: 1,
          name: "Ork",
          self: false,
          distance: 5,
          distanceKnown: true,
          penalty: 10,
          outOfRange: true,
          range: "0-3",
          note: "",
        },
        {
          index: 2,
          name: "Spectre",
          self: false,
          distance: null,
          distanceKnown: false,
          penalty: 0,
          outOfRange: false,
          range: "0-3",
          note: "TACTICA.Chat.attack.noPlace",
        },
      ],
    }),
    fields: ["modifier"],
  },
  {
    name: "attack (De zone 1 Et Soi)",
    template: `${ROOT}/attack.hbs`,
    context: (lang) => ({
      itemName: named("mortar", lang),
      subAptitudeLabel: "TACTICA.SubAptitude.robustesse",
      score: 5,
      area: true,
      noTargets: false,
      areaHint: { key: "TACTICA.Dialog.attack.areaHint.one", count: 1 },
      targets: [
        {
          index: 0,
          name: "Vex <Vex>",
          img: "icons/svg/mystery-man.svg",
          self: false,
          checked: true,
          distance: 1,
          distanceKnown: true,
          penalty: 0,
          outOfRange: false,
          range: "",
          note: "",
        },
        {
          index: 1,
          name: "Ork",
          img: null,
          self: false,
          checked: false,
          distance: 1,
          distanceKnown: true,
          penalty: 0,
          outOfRange: false,
          range: "",
          note: "",
        },
        {
          index: 2,
          name: "Kara",
          img: "icons/svg/mystery-man.svg",
          self: true,
          checked: true,
          distance: 0,
          distanceKnown: false,
          penalty: 0,
          outOfRange: false,
          range: "",
          note: "",
        },
      ],
    }),
    fields: ["hit-0", "hit-1", "hit-2", "modifier"],
  },
  {
    name: "attack (no target)",
    template: `${ROOT}/attack.hbs`,
    context: (lang) => ({
      itemName: named("pistol", lang),
      subAptitudeLabel: "TACTICA.SubAptitude.precision",
      score: 3,
      area: false,
      noTargets: true,
      targets: [],
    }),
    fields: ["modifier"],
  },
  {
    name: "delete confirmation",
    template: `${ROOT}/confirm.hbs`,
    context: (lang) => ({ name: named("rifleTag", lang) }),
    fields: [],
  },
];

/** The samples with the `uid` formDialog gives each render. */
export const DIALOG_SAMPLES: DialogSample[] = SAMPLES.map((sample) => ({
  ...sample,
  context: (lang) => ({ ...sample.context(lang), uid: SAMPLE_UID }),
}));
