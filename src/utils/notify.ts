/**
 * Every notification the system shows goes through here: a language key, formatted by core with
 * its values escaped. A refused action is a localised error notification, and nothing changed.
 * Rules errors (RulesRangeError, AttributeParseError) carry their own localisation key and data
 * (src/rules/errors.ts).
 */
import { RulesRangeError } from "../rules/errors";

/** The values of a message, as strings. */
function stringsOf(data: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
}

/** `permanent`: the notification stays until dismissed (core's `NotificationOptions.permanent`). */
export interface NotifyOptions {
  permanent?: boolean;
}

/**
 * Shows `key` formatted with `data` as an error notification. Core formats it and ESCAPES the
 * values (names are user text): `NotificationOptions.format`, whose `escape` defaults to true
 * (https://foundryvtt.com/api/interfaces/foundry.NotificationOptions.html).
 */
export function notifyError(
  key: string,
  data: Record<string, string | number> = {},
  options: NotifyOptions = {},
): void {
  ui.notifications?.error(key, { format: stringsOf(data), ...options });
}

/** Shows `key` formatted with `data` (escaped, as {@link notifyError}) as a warning. */
export function notifyWarning(
  key: string,
  data: Record<string, string | number> = {},
  options: NotifyOptions = {},
): void {
  ui.notifications?.warn(key, { format: stringsOf(data), ...options });
}

/** Shows `key` formatted with `data` (escaped, as {@link notifyError}) as an information notification. */
export function notifyInfo(key: string, data: Record<string, string | number> = {}, options: NotifyOptions = {}): void {
  ui.notifications?.info(key, { format: stringsOf(data), ...options });
}

/** Refuses a user action: shows `key` (as {@link notifyError}) and returns null for the action to return. */
export function refused(key: string, data: Record<string, string | number> = {}): null {
  notifyError(key, data);
  return null;
}

/**
 * Shows a rules error localised and returns `true`; any other error is a bug and is rethrown so
 * it is not hidden behind a notification.
 */
export function notifyRulesError(err: unknown): true {
  if (err instanceof RulesRangeError) {
    notifyError(err.key, err.data);
    return true;
  }
  throw err;
}

/** A progress notification as Foundry v13 returns it (`update({ pct, message })`). */
interface ProgressNotification {
  update(update: { pct: number; message?: string }): void;
}

function isProgressNotification(value: unknown): value is ProgressNotification {
  return typeof value === "object" && value !== null && "update" in value && typeof value.update === "function";
}

/**
 * Shows an info notification with a progress bar and returns the function that moves it
 * (0–1). fvtt-types 13.345 still types `update(pct)`; Foundry v13 takes `{ pct }`, so the
 * notification is read through a guard instead of the declared type.
 */
export function notifyProgress(message: string): (pct: number) => void {
  const notification: unknown = ui.notifications?.info(message, { progress: true });
  return (pct) => {
    if (isProgressNotification(notification)) notification.update({ pct });
  };
}
