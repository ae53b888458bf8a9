/** An informative (not an error) localised message; resolves null like a refused roll. */
export function notifyInfo(key: string, data: Record<string, string | number> = {}): null {
  const strings = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
  ui.notifications?.info(game.i18n?.format(key, strings) ?? key);
  return null;
}
