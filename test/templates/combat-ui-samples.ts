/**
 * Sample contexts of the combat windows (timeline tracker in both modes, GM and player views,
 * End-action dialog, place form), built by the REAL context builders from plain combat views, for
 * the template tests and the browser checks.
 */
import { createTimeline, placeDelayedAction } from "../../src/rules/timeline";
import {
  endActionContext,
  trackerContext,
  type CombatView,
  type CombatantView,
} from "../../src/applications/combat/tracker-context";
import { placeFormContext } from "../../src/places/region-config";
import { named, type SampleLang } from "./sample-names";

export const TRACKER = "systems/tactica/templates/combat/tracker.hbs";
export const END_ACTION = "systems/tactica/templates/combat/end-action.hbs";
export const PLACE_FORM = "systems/tactica/templates/combat/place-config.hbs";

const who = (id: string, name: string, extra: Partial<CombatantView> = {}): CombatantView => ({
  id,
  name,
  img: null,
  initiative: null,
  owned: false,
  seen: true,
  hidden: false,
  defeated: false,
  ...extra,
});

const timeline = placeDelayedAction(
  createTimeline(
    [
      { id: "ana", position: 12 },
      { id: "bel", position: 14 },
      { id: "cyr", position: 12 },
      { id: "dag", position: 27 },
      { id: "eve", position: 15 },
    ],
    12,
  ),
  { ownerId: "ana", actionId: "act1", delay: 2, duration: 3, focused: true },
);

const cast = [
  who("ana", "Ana Kessler-Vorn de la Haute-Forge", { initiative: 12 }),
  who("cyr", "Cyr", { initiative: 12 }),
  who("bel", "Bel <Sapeur>", { initiative: 14, defeated: true }),
  who("eve", "Éve", { initiative: 15, hidden: true }),
  who("dag", "Dagobert", { initiative: 27 }),
];

/** Token portraits that resolve offline (a real world serves them from its data folder): one colour per combatant. */
const portrait = (fill: string) =>
  "data:image/svg+xml," +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" rx="4" fill="${fill}"/><circle cx="12" cy="9" r="5" fill="#f2e2c4"/><rect x="4" y="16" width="16" height="8" rx="4" fill="#f2e2c4"/></svg>`,
  );
const PORTRAITS: Record<string, string> = {
  ana: portrait("#6b4a2b"),
  cyr: portrait("#2b5d6b"),
  bel: portrait("#5a6b2b"),
  eve: portrait("#6b2b52"),
  dag: portrait("#3d3d6b"),
};
const withPortraits = cast.map((c) => ({ ...c, img: PORTRAITS[c.id] ?? null }));

const base: CombatView = {
  mode: "timeline",
  started: true,
  round: 1,
  isGM: true,
  every: 10,
  timeline,
  activeId: "cyr",
  combatants: cast,
};

/** One sample: a template, its context in the reader's language (the names it gives), a name. */
export interface CombatUiSample {
  name: string;
  template: string;
  context(lang: SampleLang): object;
  /** What the live window adds to the rendered HTML (a drag in progress marks its row). */
  live?: (html: string) => string;
}

export const COMBAT_UI_SAMPLES: CombatUiSample[] = [
  { name: "tracker timeline GM", template: TRACKER, context: () => trackerContext(base) },
  {
    name: "tracker timeline player",
    template: TRACKER,
    context: () =>
      trackerContext({
        ...base,
        isGM: false,
        combatants: cast.map((c) =>
          c.id === "cyr" ? { ...c, owned: true } : c.id === "dag" ? { ...c, seen: false } : c,
        ),
      }),
  },
  {
    name: "tracker timeline before the start GM",
    template: TRACKER,
    context: () => trackerContext({ ...base, started: false, timeline: null, activeId: null }),
  },
  {
    name: "tracker tours GM",
    template: TRACKER,
    context: () => trackerContext({ ...base, mode: "tours", timeline: null, round: 3, activeId: "cyr" }),
  },
  {
    name: "tracker tours player",
    template: TRACKER,
    context: () =>
      trackerContext({
        ...base,
        mode: "tours",
        timeline: null,
        round: 3,
        activeId: "cyr",
        isGM: false,
        combatants: cast.map((c) => (c.id === "dag" ? { ...c, seen: false } : c)),
      }),
  },
  // The tracker with its combatants' token images, in each clock.
  {
    name: "tracker timeline GM with token images",
    template: TRACKER,
    context: () => trackerContext({ ...base, combatants: withPortraits }),
  },
  {
    name: "tracker tours GM with token images",
    template: TRACKER,
    context: () =>
      trackerContext({
        ...base,
        mode: "tours",
        timeline: null,
        round: 2,
        activeId: "ana",
        combatants: withPortraits,
      }),
  },
  {
    // ux §5 state 16: the GM drags Dagobert's marker over position 14 (the row the tracker's
    // dragover listener marks as the drop target).
    name: "tracker timeline GM, a marker dragged over a row",
    template: TRACKER,
    context: () => trackerContext(base),
    live: (html) =>
      html.replace(/(<li class="tactica-timeline__row[^"]*)(" data-position="14")/, "$1 is-drop-target$2"),
  },
  { name: "tracker no combat", template: TRACKER, context: () => trackerContext(null) },
  {
    name: "end action from a card",
    template: END_ACTION,
    context: () => ({
      ...endActionContext({ kind: "power", useCost: 2, concentration: true }, { name: "Ana" }),
      uid: "tactica-sample",
    }),
  },
  {
    name: "end action without a card",
    template: END_ACTION,
    context: () => ({ ...endActionContext(null, { name: "Cyr" }), uid: "tactica-sample" }),
  },
  {
    name: "place form",
    template: PLACE_FORM,
    context: (lang) =>
      placeFormContext({ id: "r1", name: named("place", lang) }, { encumbrance: 2, neighbours: ["r2"] }, [
        { id: "r1", name: named("place", lang) },
        { id: "r2", name: named("other", lang) },
        { id: "r3", name: named("nave", lang) },
        { id: "r4", name: named("crypt", lang) },
      ]),
  },
  {
    name: "place form alone",
    template: PLACE_FORM,
    context: (lang) =>
      placeFormContext({ id: "r1", name: named("place", lang) }, { encumbrance: 0, neighbours: [] }, [
        { id: "r1", name: named("place", lang) },
      ]),
  },
];
