/**
 * D-39: a move action's card — who moved (a pursuit move or not), with which MOU, the armour's
 * *Requis* charged, and its notes (D-45: a retreating figure's move is its retreat). No button; on
 * a timeline it prices the action (one position) for End action.
 */
import { subjectOf } from "../../actions/common";
import { i18n, infoCard, namedActor, type CardKind } from "./kind";

export const MOVE = {
  render: (found) => {
    const actor = namedActor(found);
    const move = found.card.move;
    if (!move) throw new Error("a move card without its move");
    const details = [
      move.mouBonus
        ? i18n().format("TACTICA.Chat.move.mouBonus", { mou: String(move.mou), bonus: String(move.mouBonus) })
        : i18n().format("TACTICA.Chat.move.mou", { mou: String(move.mou) }),
    ];
    if (move.requis > 0)
      details.push(i18n().format("TACTICA.Chat.move.requis", { armour: move.armour, count: String(move.requis) }));
    details.push(...found.card.notes.map((key) => i18n().localize(key)));
    return infoCard("move", {
      kindLabel: "TACTICA.Chat.card.move",
      subject: subjectOf(actor),
      // The header (templates/chat/parts/header.hbs) draws the icon only for a card without a subject.
      // Stryker disable next-line StringLiteral: equivalent, a move card always names its actor: never shown
      icon: "fa-solid fa-person-walking",
      result: i18n().localize(move.pursuit ? "TACTICA.Chat.move.pursuitResult" : "TACTICA.Chat.move.result"),
      details,
    });
  },
  price: () => ({ kind: "move" }),
} satisfies CardKind;
