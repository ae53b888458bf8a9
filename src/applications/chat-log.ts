/**
 * The chat log's earlier messages (issue 26): every message of a chat log with at least
 * {@link FRESH} messages after it gets the class {@link OLD_CLASS}, and styles/perf.css skips the
 * style, layout and paint of an old message holding a Tactica card, the whole message, while it is
 * off screen (`content-visibility: auto`). The newest messages — where the log opens and where it scrolls to
 * when a message arrives (core's `ChatLog#scrollBottom`) — stay laid out at their real height, so
 * the scroll lands on real heights, not estimates.
 *
 * A class set as messages arrive, rather than a selector counting from the end of the log
 * (`li:not(:nth-last-child(-n + 5))`, before issue 26): such a selector makes the browser restyle
 * every message of the log each time one is added (docs/performance.md), so a long evening costs
 * O(N²); a class added to one message restyles that message only.
 *
 * Each message holding a Tactica card also gets {@link CARD_CLASS}, what styles/perf.css keys on.
 *
 * The log is watched with a MutationObserver: its records arrive as a microtask after core
 * inserts messages — one appended by `ChatLog#postOne`, a batch prepended by `renderBatch` — and
 * before core scrolls the log (after `await`ing its images) or the browser draws the next frame.
 * No Foundry here (the hook that finds the logs is src/hooks/chat-log.ts), so a browser check runs
 * this module in Chromium (test/browser/chat-log.test.ts) and the benchmarks time it
 * (test/bench/browser/page.js).
 */

/** The class of a message with {@link FRESH} messages or more after it. */
export const OLD_CLASS = "tactica-old";

/** How many of a log's newest messages are always laid out (about a sidebar's height of cards). */
export const FRESH = 5;

/**
 * The class of a message holding a Tactica card (core's frame, its `.message-content`, our card):
 * styles/perf.css keys on it rather than on `li:has(…)`, which every list item of the page would
 * be matched against and watched for.
 */
export const CARD_CLASS = "tactica-message";

/** The logs already watched (a log re-rendered is a new element, watched anew). */
const watched = new WeakSet<Element>();

/** `message` is old when {@link FRESH} messages or more follow it. */
function markIfOld(message: Element | null): void {
  let next = message?.nextElementSibling ?? null;
  for (let i = 0; next && i < FRESH - 1; i++) next = next.nextElementSibling;
  if (message && next) message.classList.add(OLD_CLASS);
}

/**
 * What `added` (messages just inserted) makes old: each of them, and the messages before them;
 * and which of them hold a Tactica card.
 */
export function markOldMessages(added: Iterable<Node>): void {
  for (const node of added) {
    if (!(node instanceof Element)) continue;
    if (node.querySelector(":scope > .message-content > .tactica-card")) node.classList.add(CARD_CLASS);
    markIfOld(node);
    // The message FRESH places before it now has FRESH after it.
    let previous: Element | null = node;
    for (let i = 0; previous && i < FRESH; i++) previous = previous.previousElementSibling;
    markIfOld(previous);
  }
}

/** Marks the old messages of `log` (a `.chat-log` list) and keeps marking them as messages arrive. */
export function watchChatLog(log: Element | null): void {
  if (!log || watched.has(log)) return;
  watched.add(log);
  markOldMessages(log.children);
  new MutationObserver((records) => {
    for (const record of records) markOldMessages(record.addedNodes);
  }).observe(log, { childList: true });
}
