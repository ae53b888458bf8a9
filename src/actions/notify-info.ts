import { notifyInfoMessage } from "../utils/notify";

/** An informative (not an error) localised message (names escaped); resolves null like a refused roll. */
export function notifyInfo(key: string, data: Record<string, string | number> = {}): null {
  notifyInfoMessage(key, data);
  return null;
}
