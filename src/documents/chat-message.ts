/**
 * The ChatMessage document. Every chat output of Tactica is a `rollCard` message (one subtype, a
 * `kind` per card: src/data/chat/roll-card.ts), rendered ONCE, inside `renderHTML`, before the
 * chat log inserts the element: core builds the message frame (`super.renderHTML`), then the card
 * fills `.message-content` for the viewing user — no swap after insertion, no flicker (v13
 * `ChatMessage#renderHTML` fires `renderChatMessageHTML` synchronously and the chat log inserts the
 * element it returns: docs/foundry-behaviour.md §5; dnd5e `module/documents/chat-message.mjs`
 * `renderHTML` does its work the same way, after `super`). The render hook only wires the buttons
 * (src/chat/click.ts).
 *
 * The card's content comes from the chat layer (src/chat/kinds/index.ts), which sits below the documents.
 */
import { RollCardModel } from "../data/chat/roll-card";
import { TacticaRoll, whileCardRenders, type BaseRollOptions } from "../dice/base";
import { renderCardContent } from "../chat/kinds/index";

type AnyTacticaRoll = TacticaRoll<BaseRollOptions>;

export class TacticaChatMessage extends ChatMessage {
  /** The card's state, or `null` for a message that is not a Tactica card. */
  get card(): RollCardModel | null {
    return this.system instanceof RollCardModel ? this.system : null;
  }

  /** The roll the card shows: the last one (a pushed roll knows the whole story). */
  get lastRoll(): AnyTacticaRoll | null {
    const roll = this.rolls.at(-1);
    return roll instanceof TacticaRoll ? roll : null;
  }

  /** The card's HTML for the current user ("" for a message that is not a card). */
  async renderCard(): Promise<string> {
    return this.card ? renderCardContent(this) : "";
  }

  /**
   * Core's message frame, with the card rendered into its content once (see the module comment).
   * Core renders no roll of a card: a visible card's content holds its summary paragraphs (core
   * renders rolls only into content without an element), and the rolls of a hidden card, which
   * core renders privately whatever the content, render nothing while core builds the frame.
   */
  override async renderHTML(...args: Parameters<ChatMessage["renderHTML"]>): ReturnType<ChatMessage["renderHTML"]> {
    if (!this.card) return super.renderHTML(...args);
    const html = await whileCardRenders(this.rolls, () => super.renderHTML(...args));
    const content = html.querySelector(".message-content");
    if (content) content.innerHTML = await this.renderCard();
    return html;
  }
}
