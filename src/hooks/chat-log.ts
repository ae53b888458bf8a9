/**
 * The chat log's earlier messages (issue 26, src/applications/chat-log.ts): each chat log core
 * renders — the sidebar's, and a popped-out one — is watched, so that its messages with five newer
 * after them are marked and styles/perf.css may skip their cards off screen. Core fires
 * `render<ClassName>` for each ApplicationV2 class of the chain with the application's element
 * (https://foundryvtt.com/api/v13/functions/hookEvents.renderApplicationV2.html); the log itself is
 * the element's `.chat-log` list (v13 `ChatLog`, https://foundryvtt.com/api/v13/classes/foundry.applications.sidebar.tabs.ChatLog.html).
 */
import { watchChatLog } from "../applications/chat-log";

export function chatLogHooks(): void {
  Hooks.on("renderChatLog", (_app: unknown, element: HTMLElement) => watchChatLog(element.querySelector(".chat-log")));
}
