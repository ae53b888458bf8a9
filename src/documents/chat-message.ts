/**
 * The ChatMessage document. Roll cards keep their state in the `rollCard` model (DESIGN §4): the
 * card shows the LAST roll of the message (a push appends one) with the buttons the viewing user
 * may use (src/chat/permissions.ts), followed by the card's own state — targets and their results,
 * notes — from src/chat/card-state.ts. Buttons are wired in `renderChatMessageHTML`
 * (src/chat/render.ts).
 */
import { RollCardModel } from "../data/chat/roll-card";
import { TacticaRoll, type BaseRollOptions } from "../dice/base";
import { cardFlagsFor } from "../chat/permissions";
import { renderCardState } from "../chat/card-state";

type AnyTacticaRoll = TacticaRoll<BaseRollOptions>;

export class TacticaChatMessage extends ChatMessage {
  /** The roll card's state, or `null` for a message that is not a Tactica roll card. */
  get card(): RollCardModel | null {
    return this.system instanceof RollCardModel ? this.system : null;
  }

  /** The roll the card shows: the last one (a pushed roll knows the whole story). */
  get lastRoll(): AnyTacticaRoll | null {
    const roll = this.rolls.at(-1);
    return roll instanceof TacticaRoll ? (roll as AnyTacticaRoll) : null;
  }

  /** The card's HTML for the current user: the last roll with their buttons, then the card state. */
  async renderCard(): Promise<string> {
    const roll = this.lastRoll;
    if (!roll) return "";
    const isPrivate = !this.isContentVisible;
    const html = await roll.render({ isPrivate, ...cardFlagsFor(game.user, this) });
    return isPrivate ? html : html + (await renderCardState(this, game.user));
  }
}
