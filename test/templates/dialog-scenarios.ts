/**
 * The roll dialogs' templates with sample contexts (as the dialog modules build them), shared by
 * the template tests and the browser checks.
 */
export interface DialogSample {
  name: string;
  template: string;
  context: object;
  /** form field names expected */
  fields: string[];
}

const ROOT = "systems/tactica/templates/dialog";

export const DIALOG_SAMPLES: DialogSample[] = [
  {
    name: "pool",
    template: `${ROOT}/pool.hbs`,
    context: {
      aptitudes: [{ key: "vivacite", label: "TACTICA.Aptitude.vivacite", value: 3, selected: true }, { key: "volonte", label: "TACTICA.Aptitude.volonte", value: 2, selected: false }],
      subAptitudes: [{ key: "reflexe", label: "TACTICA.SubAptitude.reflexe", value: 2, selected: true }],
      items: [{ id: "rifle", name: "Fusil <laser>", bonus: 1, selected: false }],
      required: 1,
    },
    fields: ["aptitude", "subAptitude", "itemId", "required"],
  },
  { name: "pressure", template: `${ROOT}/pressure.hbs`, context: { itemName: "Soupape <Vex>", dice: 1 }, fields: ["dice"] },
  {
    name: "profile (CO toggles)",
    template: `${ROOT}/profile.hbs`,
    context: { key: "co", label: "TACTICA.Profile.co.label", value: 7, isCo: true, co: { banner: true, general: false, outnumbered: false, fear: 1 } },
    fields: ["banner", "general", "outnumbered", "fear", "modifier"],
  },
  { name: "profile (ATT)", template: `${ROOT}/profile.hbs`, context: { key: "att", label: "TACTICA.Profile.att.label", value: 4, isCo: false, co: { banner: false, general: false, outnumbered: false, fear: 0 } }, fields: ["modifier"] },
  { name: "psy (concentration)", template: `${ROOT}/psy.hbs`, context: { powerName: "Choc <mental>", level: 2, canConcentrate: true, isChoir: false, chanters: 0 }, fields: ["concentration", "modifier"] },
  { name: "psy (choir, no AC to concentrate)", template: `${ROOT}/psy.hbs`, context: { powerName: "Obstacle", level: 6, canConcentrate: false, isChoir: true, chanters: 3 }, fields: ["chanters", "modifier"] },
];
