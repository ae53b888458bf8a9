/**
 * The ChatMessage document. Every chat output of Tactica is a `rollCard` message (one subtype, a
 * `kind` per card: src/data/chat/roll-card.ts), rendered ONCE per render, inside `renderHTML`,
 * before the chat log inserts the element — no swap after insertion, no flicker.
 *
 * The order, so that other modules see the card and keep what they add to it (the second core
 * review's N1): core v13 client `documents/chat-message.mjs` `ChatMessage#renderHTML` builds the
 * message frame from its template, then calls `Hooks.callAll("renderChatMessageHTML", this, html,
 * messageData)` and returns `html`, which the chat log inserts (docs/foundry-behaviour.md §5). So
 * the card is rendered for the viewing user BEFORE `super.renderHTML`, kept here while core builds
 * the frame, and put into `.message-content` by Tactica's own `renderChatMessageHTML` listener
 * ({@link insertPendingCard}), which src/hooks/chat.ts registers when the bundle loads — before
 * any module's listener, as hooks run in the order they were registered. A module's listener then
 * reads the card and what it appends inside it stays. Should core not call the hook with this
 * element (another generation's renderHTML), the card goes in after `super`, as a fallback.
 *
 * The card's content comes from the chat layer (src/chat/kinds/index.ts), which sits below the documents.
 */
import { RollCardModel } from "../data/chat/roll-card";
import { TacticaRoll, whileCardRenders, type BaseRollOptions } from "../dice/base";
import { renderCardContent } from "../chat/kinds/index";

type AnyTacticaRoll = TacticaRoll<BaseRollOptions>;

/** What `.message-content` is, as the card path reads and fills it. */
interface ContentHolder {
  querySelector(selector: string): { innerHTML: string } | null;
}

/** The card rendered for a message whose frame core is building now (a render of its own: see below). */
interface PendingCard {
  readonly html: string;
}

/** The cards waiting for their message's `renderChatMessageHTML`, by message (the last render's). */
const pending = new WeakMap<object, PendingCard>();

/** The message elements that already hold their card. */
const filled = new WeakSet<object>();

/** Puts `card` into the element's `.message-content`, once per element. */
function fill(html: ContentHolder, card: string): void {
  if (filled.has(html)) return;
  const content = html.querySelector(".message-content");
  if (!content) return;
  content.innerHTML = card;
  filled.add(html);
}

/**
 * `renderChatMessageHTML`, first of all listeners (src/hooks/chat.ts): puts the card rendered for
 * `message` into the element core built for it, when a render of that card is under way.
 */
export function insertPendingCard(message: object, html: ContentHolder): void {
  const card = pending.get(message);
  if (card) fill(html, card.html);
}

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
    const card: PendingCard = { html: await this.renderCard() };
    pending.set(this, card);
    try {
      const html = await whileCardRenders(this.rolls, () => super.renderHTML(...args));
      fill(html, card.html);
      return html;
    } finally {
      if (pending.get(this) === card) pending.delete(this);
    }
  }
}
