/**
 * Every chat card state, rendered by the real roll classes (dice queued in the fake) through the
 * real templates and language files. Shared by the template tests (text and buttons) and the
 * browser checks (layout and accessibility in Chromium).
 */
import { queueDiceFaces } from "../foundry/fake-dice";
import type { DiceWorld } from "./harness";

export type Dice = DiceWorld["dice"];
export type Lang = "fr" | "en";
type PoolOptions = ConstructorParameters<Dice["PoolRoll"]>[2];

export interface Scenario {
  name: string;
  render(dice: Dice): Promise<string>;
  /** visible text expected, per language */
  shows: Record<Lang, string[]>;
  /** visible text that must not appear (both languages) */
  hides?: string[];
  /** `data-action` buttons expected, in order */
  buttons?: string[];
}

// A portrait that resolves offline (a real world serves actor images from its data folder).
const PORTRAIT =
  "data:image/svg+xml," +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" fill="#6b4a2b"/><circle cx="18" cy="14" r="7" fill="#d9b98c"/><rect x="7" y="24" width="22" height="12" rx="6" fill="#d9b98c"/></svg>');
const KARA = { name: "Kara <Vex>", img: PORTRAIT };

async function pool(dice: Dice, faces: number[], options: Partial<PoolOptions> = {}) {
  const all: PoolOptions = { aptitude: "vivacite", aptitudeValue: 3, subAptitude: "reflexe", subAptitudeValue: 2, gear: { name: "Fusil laser", bonus: 1 }, subject: KARA, ...options };
  queueDiceFaces(faces);
  return new dice.PoolRoll(dice.PoolRoll.formulaFor(all), {}, all).evaluate();
}

async function pushedPool(dice: Dice, first: number[], reroll: number[], options: Partial<PoolOptions>, actor = { willpower: 3, gainsWillpower: true }) {
  const roll = await pool(dice, first, options);
  queueDiceFaces(reroll);
  return roll.push(actor);
}

async function d10<C extends Dice["PsyRoll"] | Dice["ProfileTest"]>(cls: C, face: number, options: ConstructorParameters<C>[2]) {
  queueDiceFaces([face]);
  return new cls("1d10", {}, options as never).evaluate();
}

const BASE_ONLY = { aptitudeValue: 3, subAptitudeValue: 0, subAptitude: null, gear: null } as const;

export const SCENARIOS: Scenario[] = [
  {
    name: "pool before a push, with the exact odds line",
    render: async (d) => (await pool(d, [2, 3, 4], BASE_ONLY)).render({ canPush: true }),
    shows: {
      fr: ["Jet de réserve", "Kara <Vex>", "Vivacité", "dés de base", "Premier jet", "Échec", "0 succès", "Si vous poussez : 42 % de chances de réussir ; dégâts d'aptitude attendus : 0,5.", "Pousser le jet"],
      en: ["Dice pool roll", "Quickness", "base dice", "First roll", "Failure", "0 successes", "If you push: 42% chance of success; expected aptitude damage: 0.5.", "Push the roll"],
    },
    hides: ["Conséquences", "Consequences"],
    buttons: ["push"],
  },
  {
    name: "pool before a push, the push button withheld by the card model",
    render: async (d) => (await pool(d, [1, 3, 6, 1, 4, 2])).render(),
    shows: {
      fr: ["Réflexe", "dés de compétence", "Fusil laser", "dés d'équipement", "Succès requis", "Réussite", "1 succès", "100 % de chances de réussir ; dégâts d'aptitude attendus : 1,2"],
      en: ["Reflexes", "skill dice", "Fusil laser", "gear dice", "Successes needed", "Success", "1 success", "100% chance of success; expected aptitude damage: 1.2"],
    },
    buttons: [],
  },
  {
    name: "pool after a push, with its consequences",
    render: async (d) => (await pushedPool(d, [1, 3, 6, 1, 4, 2], [1, 6, 1, 1], {})).render({ canPush: true }),
    shows: {
      fr: ["Premier jet", "Après la poussée", "Réussite", "2 succès", "Conséquences de la poussée", "Dégâts d'aptitude — Vivacité -2 (3 → 1)", "Points de Volonté +2 (3 → 5)", "Bonus d'équipement — Fusil laser -1 (1 → 0)", "Ce jet a déjà été poussé."],
      en: ["After the push", "2 successes", "Consequences of the push", "Aptitude damage — Quickness -2 (3 → 1)", "Willpower points +2 (3 → 5)", "Gear bonus — Fusil laser -1 (1 → 0)", "This roll has already been pushed."],
    },
    hides: ["Si vous poussez", "If you push"],
    buttons: [],
  },
  {
    name: "pool pushed by an npc: no WP",
    render: async (d) => (await pushedPool(d, [2, 3, 4], [1, 1, 5], BASE_ONLY, { willpower: 3, gainsWillpower: false })).render(),
    shows: {
      fr: ["Dégâts d'aptitude — Vivacité -2 (3 → 1)", "Points de Volonté +0 (3 → 3)", "un personnage du MJ ne gagne jamais de Volonté"],
      en: ["Willpower points +0 (3 → 3)", "a GM character never gains willpower"],
    },
  },
  {
    name: "pool push capped at 10 WP",
    render: async (d) => (await pushedPool(d, [2, 3, 4], [1, 1, 1], BASE_ONLY, { willpower: 9, gainsWillpower: true })).render(),
    shows: { fr: ["Points de Volonté +1 (9 → 10)", "plafonnés à 10"], en: ["Willpower points +1 (9 → 10)", "capped at 10"] },
  },
  {
    name: "pool push that costs nothing",
    render: async (d) => (await pushedPool(d, [1, 1], [1, 1], { aptitudeValue: 0, subAptitudeValue: 2, gear: null })).render(),
    shows: { fr: ["0 succès", "la poussée ne coûte rien"], en: ["0 successes", "the push costs nothing"] },
  },
  {
    name: "pool that cannot be pushed",
    render: async (d) => (await pool(d, [6, 6, 6], { aptitudeValue: 2, subAptitudeValue: 1, gear: null })).render({ canPush: true }),
    shows: { fr: ["3 succès", "Aucun dé à relancer : ce jet ne peut pas être poussé."], en: ["3 successes", "No die to reroll: this roll cannot be pushed."] },
    buttons: [],
  },
  {
    name: "a blind pool roll seen by a player",
    render: async (d) => (await pool(d, [2, 3, 4], BASE_ONLY)).render({ isPrivate: true, canPush: true }),
    shows: { fr: ["Jet de réserve", "Jet caché : seul le MJ en voit le résultat."], en: ["Hidden roll: only the GM sees the result."] },
    hides: ["Vivacité", "Quickness", "succès", "success", "42"],
    buttons: [],
  },
  {
    name: "psy cast succeeding, resisted with FOR (the buttons are on the target rows)",
    render: async (d) => (await d10(d.PsyRoll, 7, { mode: "cast", level: 5, mastery: 2, cost: 4, resist: "for", title: "Mal dirigé", subject: KARA })).render(),
    shows: {
      fr: ["Lancement de pouvoir psy", "Mal dirigé", "Niveau du pouvoir 5", "Maîtrise +2", "Coût (AC) 4", "Seuil (d10 ≤) 7", "Réussite", "Il faut faire 7 ou moins sur le d10.", "Les cibles résistent avec FOR."],
      en: ["Casting a psychic power", "Power level 5", "Mastery +2", "Target (d10 ≤) 7", "Success", "Roll 7 or less on the d10.", "Targets resist with FOR."],
    },
    buttons: [],
  },
  {
    name: "psy cast failing: no resist",
    render: async (d) => (await d10(d.PsyRoll, 8, { mode: "cast", level: 5, mastery: 2, resist: "for" })).render(),
    shows: { fr: ["Échec", "Seuil (d10 ≤) 7"], en: ["Failure"] },
    hides: ["résistent", "resist with"],
    buttons: [],
  },
  {
    name: "psy natural 10 with chanting neophytes",
    render: async (d) => (await d10(d.PsyRoll, 10, { mode: "cast", level: 6, mastery: 0, chanters: 5 })).render(),
    shows: {
      fr: ["Chant psy", "(5 néophytes) +3", "Seuil (d10 ≤) 9", "Échec", "10 naturel : échec automatique."],
      en: ["Psychic chant", "(5 neophytes) +3", "Natural 10: automatic failure."],
    },
  },
  {
    name: "psy cancel with concentration",
    render: async (d) => (await d10(d.PsyRoll, 7, { mode: "cancel", level: 5, concentration: true })).render(),
    shows: {
      fr: ["Annulation d'un pouvoir", "Bonus d'annulation +1", "Concentration +1", "Coût (AC) 4", "Seuil (d10 ≤) 7", "Réussite"],
      en: ["Cancelling a power", "Cancel bonus +1", "Concentration +1", "Cost (AC) 4"],
    },
  },
  {
    name: "pressure capped at the printed value",
    render: async (d) => {
      queueDiceFaces([5]);
      const roll = await new d.PressureRoll("1d6", {}, { target: "mou", printedValue: 3, title: "Jambes à vapeur", subject: KARA }).evaluate();
      return roll.render({ canApplyPressure: true });
    },
    shows: {
      fr: ["Jet de pression", "Jambes à vapeur", "Mouvement", "valeur imprimée", "Table", "dé : 5", "+4", "Bonus de pression +3", "Plafonné à la valeur imprimée (3).", "Appliquer le bonus"],
      en: ["Pressure roll", "Movement", "printed value", "die: 5", "Pressure bonus +3", "Capped at the printed value (3).", "Apply the bonus"],
    },
    buttons: ["applyPressure"],
  },
  {
    name: "pressure on PEUR, halved",
    render: async (d) => {
      queueDiceFaces([6]);
      return (await new d.PressureRoll("1d6", {}, { target: "peur", printedValue: 3 }).evaluate()).render();
    },
    shows: {
      fr: ["Peur", "Moitié (PEUR, arrondi à l'inférieur) +2", "Bonus de pression +2", "Dure jusqu'à la fin du tour."],
      en: ["Fear", "Halved (FEAR, rounded down) +2", "Pressure bonus +2", "Lasts until the end of the turn."],
    },
    hides: ["Plafonné", "Capped"],
  },
  {
    name: "pressure with several dice to choose from",
    render: async (d) => {
      queueDiceFaces([2, 5, 3]);
      return (await new d.PressureRoll("3d6", {}, { target: "att", printedValue: 5 }).evaluate()).render({ canChooseDie: true });
    },
    shows: { fr: ["Bonus de pression +4", "Plusieurs dés"], en: ["Pressure bonus +4", "Several dice"] },
    buttons: ["chooseDie", "chooseDie", "chooseDie"],
  },
  {
    name: "morale test failed, panic offered",
    render: async (d) => (await d10(d.ProfileTest, 9, { characteristic: "co", value: 7, purpose: "morale", co: { banner: true, outnumbered: true } })).render({ canRollPanic: true }),
    shows: {
      fr: ["Test de moral", "Commandement 7", "Bannière présente +1", "En infériorité numérique -1", "Seuil (d10 ≤) 7", "Échec", "Moral rompu", "Tirer sur la table de panique"],
      en: ["Morale test", "Command", "Banner present +1", "Outnumbered -1", "Failure", "Morale broken", "Roll on the panic table"],
    },
    buttons: ["rollPanic"],
  },
  {
    name: "rally succeeding",
    render: async (d) => (await d10(d.ProfileTest, 3, { characteristic: "co", value: 6, purpose: "rally", ac: 5 })).render({ canRollPanic: true }),
    shows: { fr: ["Ralliement", "Coût du ralliement (AC) 2", "Réussite", "dispose aussitôt de 2 AC"], en: ["Rally", "Rally cost (AC) 2", "has 2 AC to use now"] },
    buttons: [],
  },
  {
    name: "profile test failing on a natural 10 (S-nat10)",
    render: async (d) => (await d10(d.ProfileTest, 10, { characteristic: "end", value: 10, purpose: "resist", natural10Fails: true, modifiers: [{ name: "Drogue de combat", value: 1 }] })).render(),
    shows: {
      fr: ["Résister à un pouvoir", "Endurance 10", "Modificateur — Drogue de combat +1", "Seuil (d10 ≤) 11", "10 naturel : échec automatique.", "Le pouvoir fait effet."],
      en: ["Resisting a power", "Modifier — Drogue de combat +1", "Natural 10: automatic failure.", "The power takes effect."],
    },
  },
  {
    name: "score test succeeding with degrees",
    render: async (d) => {
      const o = { aptitude: "vivacite", aptitudeValue: 2, subAptitude: "reflexe", subAptitudeValue: 4, difficulty: 10 } as const;
      queueDiceFaces([6, 6]);
      return (await new d.ScoreRoll(d.ScoreRoll.formulaFor(o), {}, o).evaluate()).render();
    },
    shows: {
      fr: ["Test de score", "Vivacité 2", "Réflexe 4", "Score 6", "Difficulté 10", "Réussite 18", "1 degré de réussite", "Un degré = 5 points d'écart."],
      en: ["Score test", "Score 6", "Difficulty 10", "Success 18", "1 degree of success"],
    },
  },
  {
    name: "stun test failing (seed 004's example)",
    render: async (d) => {
      const o = { purpose: "stun", aptitudeValue: 2, subAptitude: "reflexe", subAptitudeValue: 4, difficulty: 18 } as const;
      queueDiceFaces([3, 4]);
      return (await new d.ScoreRoll(d.ScoreRoll.formulaFor(o), {}, o).evaluate()).render();
    },
    shows: {
      fr: ["Test d'étourdissement", "Échec 13", "1 degré d'échec", "La position de la cible est repoussée de 2 positions sur la ligne du temps."],
      en: ["Stun test", "Failure 13", "1 degree of failure", "The target moves 2 positions later on the timeline."],
    },
  },
  {
    name: "attack: the total only (defend and damage are on the target rows)",
    render: async (d) => {
      const o = { purpose: "attack", aptitudeValue: 3, subAptitude: "precision", subAptitudeValue: 2, title: "Fusil <laser>" } as const;
      queueDiceFaces([4, 5]);
      return (await new d.ScoreRoll(d.ScoreRoll.formulaFor(o), {}, o).evaluate()).render();
    },
    shows: { fr: ["Attaque", "Fusil <laser>", "Précision 2", "Score 5", "Total 14"], en: ["Attack", "Total 14"] },
    hides: ["Réussite", "Échec", "Success", "Failure", "Se défendre", "Defend"],
    buttons: [],
  },
  // — the state part under a roll, and the cards without a roll (src/chat/render.ts) —
  {
    name: "attack with its target rows: defend, hit and apply damage, damage applied, out of range",
    render: async (d) => {
      const o = { purpose: "attack", aptitudeValue: 3, subAptitude: "precision", subAptitudeValue: 2, title: "Fusil <laser>" } as const;
      queueDiceFaces([4, 5]);
      const card = await (await new d.ScoreRoll(d.ScoreRoll.formulaFor(o), {}, o).evaluate()).render();
      const row = { outcome: "pending", outcomeLabel: "TACTICA.Chat.outcome.pending", total: null, dice: "", modifier: 0, distance: null, note: null, damage: null, canResist: false, canDefend: false, canApplyDamage: false, stun: null, stunForGM: false };
      const targets = [
        { ...row, index: 0, name: "Vex <Vex>", canDefend: true, distance: 2, modifier: -1 },
        { ...row, index: 1, name: "Ork", outcome: "hit", outcomeLabel: "TACTICA.Chat.outcome.hit", total: 9, dice: "3 + 4", canApplyDamage: true },
        { ...row, index: 2, name: "Brute", outcome: "hit", outcomeLabel: "TACTICA.Chat.outcome.hit", total: 5, dice: "1 + 2", damage: { field: 1, armour: 2, resistant: 0, pv: 4 }, stun: 2, stunForGM: true },
        { ...row, index: 3, name: "Loin", outcome: "miss", outcomeLabel: "TACTICA.Chat.outcome.miss", note: "TACTICA.Chat.attack.outOfRange" },
      ];
      return card + (await state({ targets, notes: [], panic: null, acSpent: null, delayed: null, delayedWaiting: false, noGM: false, hasState: true }));
    },
    shows: {
      fr: ["Vex <Vex>", "En attente", "à une distance de 2", "modificateur -1", "Se défendre", "Ork", "Touchée (9)", "dés : 3 + 4", "Appliquer les dégâts", "PV perdus 4", "Étourdissement : retard de 2 sur la ligne du temps", "Hors de portée."],
      en: ["Pending", "Defend", "Apply damage", "dice: 3 + 4", "Out of range."],
    },
    buttons: ["defend", "applyDamage"],
  },
  {
    name: "morale prompt with its button",
    render: async () => info({ prompt: { name: "Vex <Vex>", unshakeable: false, canTest: true } }),
    shows: { fr: ["Vex <Vex> a perdu la moitié de ses forces", "Test de moral"], en: ["Morale test"] },
    buttons: ["moraleTest"],
  },
  {
    name: "morale prompt of an unshakeable actor",
    render: async () => info({ prompt: { name: "Vex", unshakeable: true, canTest: true } }),
    shows: { fr: ["Vex est inébranlable"], en: ["Vex"] },
    buttons: [],
  },
  {
    name: "power maintained",
    render: async () => info({ maintained: { name: "Ilse", power: "Force <b>", ac: 2 } }),
    shows: { fr: ["Ilse entretient Force <b>."], en: ["Ilse"] },
    buttons: [],
  },
  {
    name: "threshold crossed, with what happened",
    render: async () => info({ threshold: { title: "Passage de seuil : 10", lines: [{ name: "Ana <b>", events: ["Brûle : -2 PV (8)"] }] } }),
    shows: { fr: ["Passage de seuil", "Ana <b>", "Brûle"], en: ["Ana <b>"] },
    buttons: [],
  },
  {
    name: "threshold crossed, nothing happened",
    render: async () => info({ threshold: { title: "Seuil", lines: [] } }),
    shows: { fr: ["Seuil"], en: ["Seuil"] },
    buttons: [],
  },
  {
    name: "combat notice",
    render: async () => info({ notice: "Ana <img> gagne de l'Épuisement : son action focalisée (position 5) est perdue." }),
    shows: { fr: ["Ana <img> gagne de l'Épuisement"], en: ["Ana <img>"] },
    buttons: [],
  },
  {
    name: "due Différé action, its card shown again",
    render: async (d) => {
      queueDiceFaces([6, 6]);
      const o = { purpose: "attack", aptitudeValue: 3, subAptitude: "precision", subAptitudeValue: 2 } as const;
      return (await info({ due: "Action différée de Kara <b> : elle se résout." })) + (await (await new d.ScoreRoll(d.ScoreRoll.formulaFor(o), {}, o).evaluate()).render());
    },
    shows: { fr: ["Action différée de Kara <b>", "Attaque", "Total 17"], en: ["Total 17"] },
    buttons: [],
  },
  {
    name: "a card whose data cannot be read",
    render: async () => info({ damaged: true }),
    shows: { fr: ["Carte illisible : ses données sont abîmées."], en: ["Unreadable card: its data is damaged."] },
    buttons: [],
  },
];

/** A card without a roll, through its template (src/chat/render.ts builds these contexts). */
function info(context: Record<string, unknown>): Promise<string> {
  return foundry.applications.handlebars.renderTemplate("systems/tactica/templates/chat/info-card.hbs", context);
}

/** The state part of a roll card, through its template (src/chat/card-state.ts builds this context). */
function state(context: Record<string, unknown>): Promise<string> {
  return foundry.applications.handlebars.renderTemplate("systems/tactica/templates/chat/parts/card-state.hbs", context);
}
