/**
 * What a use case asks of the chat's GM side once its card is posted: a *Différé* attack declared
 * on the viewed timeline by the one writer (src/chat/delayed-actions.ts). The chat sits above the
 * use cases, so it installs this on `init` (`registerDelayedActions`).
 */
import type { TacticaChatMessage } from "../documents/chat-message";

export interface CardFollowUps {
  /** RULES §7.2 *Différé*: the card's action marker placed on the viewed timeline, if one runs. */
  declareDelayed(message: TacticaChatMessage): Promise<void>;
}

let installed: CardFollowUps | null = null;

/** Installs the chat's follow-ups (on `init`). */
export function registerCardFollowUps(followUps: CardFollowUps): void {
  installed = followUps;
}

/** The follow-ups installed on `init`. */
export function cardFollowUps(): CardFollowUps {
  if (!installed) throw new Error("Tactica: the card follow-ups are installed on init (src/chat/delayed-actions.ts)");
  return installed;
}
