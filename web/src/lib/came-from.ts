/**
 * Where each history entry was opened from (its path), so a "Back" button can return there
 * (issue 21): recorded by app/root-layout.tsx on every navigation, kept in sessionStorage so a
 * reload of the page keeps it. A replaced entry (a redirect, a tab in the URL) inherits its origin.
 */
const STORAGE_KEY = 'waymark.came-from';
const MAX_ENTRIES = 100;

let origins: Map<string, string> | undefined;

function load(): Map<string, string> {
  if (origins) return origins;
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, string][];
    origins = new Map(Array.isArray(stored) ? stored : []);
  } catch {
    origins = new Map();
  }
  return origins;
}

export function rememberOrigin(locationKey: string, from: string | undefined) {
  const map = load();
  if (from === undefined) map.delete(locationKey);
  else map.set(locationKey, from);
  while (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as string);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...map]));
  } catch {
    // Storage full or refused: the origins still hold for this page's life.
  }
}

/** The path (with its query) the entry was opened from, if it was opened inside the app. */
export const originOf = (locationKey: string): string | undefined => load().get(locationKey);

/** Forms that lead to a tip or guide: going back to them would reopen a sent form. */
const EDITORS = /^\/(new-tip|new-guide|edit-tip\/|edit-guide\/)/;

/** Whether "Back" may step back in history: opened in the app, from somewhere worth returning to. */
export function canReturnTo(from: string | undefined, here: string): boolean {
  if (!from) return false;
  const path = from.split('?')[0] ?? '';
  return path !== here && path !== '/' && !EDITORS.test(path);
}
