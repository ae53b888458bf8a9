/**
 * The ChatMessage document. Roll cards keep their state in the `rollCard` model (DESIGN §4); the
 * card actions and rendering come with the rolls.
 */
import { RollCardModel } from "../data/chat/roll-card";

export class TacticaChatMessage extends ChatMessage {
  /** The roll card's state, or `null` for a message that is not a Tactica roll card. */
  get card(): RollCardModel | null {
    return this.system instanceof RollCardModel ? this.system : null;
  }
}
