/**
 * One Explore page made from kept keys (ADR 097): per table the process's newest public keys
 * (less the viewer's hidden authors), the viewer's own not-public keys and their connections'
 * shared keys, merged in (created_at DESC, id DESC) order after the cursor. Null when a list that
 * does not hold all its items runs out where the page still needs them: the statement then
 * computes the page.
 */
import { type Cursor, isAfterKey, timestampMicros } from '@server/lib/keyset';

/** Keys newest first; `complete` when they are all the list's items, else the last is where they stop. */
export interface KeyList {
  ts: string[];
  ids: string[];
  micros: number[];
  /** Each key's author, for lists a viewer filters (the public ones). */
  users?: string[];
  /** Each key's countries, joined by U+001F (public-keys.repository.ts placesOf). */
  places: string[];
  complete: boolean;
}

export interface PageKey {
  kind: 'tip' | 'guide';
  id: string;
  ts: string;
  micros: number;
}

export interface KeySource {
  kind: 'tip' | 'guide';
  list: KeyList;
  /** Authors whose keys are left out. */
  hidden?: ReadonlySet<string>;
}

export function keyList(keys: { ts: string[]; ids: string[]; places: string[]; users?: string[] }, keep: number): KeyList {
  const kept = keys.ts.slice(0, keep);
  return {
    ts: kept,
    ids: keys.ids.slice(0, keep),
    micros: kept.map(timestampMicros),
    ...(keys.users ? { users: keys.users.slice(0, keep) } : {}),
    places: keys.places.slice(0, keep),
    complete: keys.ids.length <= keep,
  };
}

const SEPARATOR = '\u001f';

/** Whether one of an item's countries (joined by U+001F) is exactly `country`, as the SQL filter compares. */
export const hasPlace = (places: string, country: string): boolean =>
  `${SEPARATOR}${places}${SEPARATOR}`.includes(`${SEPARATOR}${country}${SEPARATOR}`);

/** A key's author; a list that leaves authors out must name them (never silently let one through). */
function authorOf(list: KeyList, i: number): string {
  const user = list.users?.[i];
  if (user === undefined) throw new Error('kept-page: a list filtered by author holds no authors');
  return user;
}

/** The index of the first key after `after` (keys are newest first): a binary search. */
function firstAfter(list: KeyList, after: { ts: number; id: string } | null): number {
  if (!after) return 0;
  let low = 0;
  let high = list.ids.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (isAfterKey({ ts: list.micros[middle]!, id: list.ids[middle]! }, after)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The first `rows` keys of the source after the cursor (in the country); `boundary` when the list ran out short of them. */
function take(source: KeySource, after: { ts: number; id: string } | null, rows: number, country: string | undefined) {
  const { list, kind, hidden } = source;
  const keys: PageKey[] = [];
  for (let i = firstAfter(list, after); i < list.ids.length && keys.length < rows; i++) {
    if (hidden && hidden.has(authorOf(list, i))) continue;
    if (country !== undefined && !hasPlace(list.places[i]!, country)) continue;
    keys.push({ kind, id: list.ids[i]!, ts: list.ts[i]!, micros: list.micros[i]! });
  }
  const last = list.ids.length - 1;
  const isCut = keys.length < rows && !list.complete && last >= 0;
  return { keys, boundary: isCut ? { ts: list.micros[last]!, id: list.ids[last]! } : null };
}

const newestFirst = (a: PageKey, b: PageKey) => b.micros - a.micros || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The page's `rows` keys after the cursor (in one country, if given), or null when the kept lists cannot tell them. */
export function assemblePage(sources: KeySource[], cursor: Cursor | null, rows: number, country?: string): PageKey[] | null {
  const after = cursor ? { ts: timestampMicros(cursor.createdAt), id: cursor.id } : null;
  const taken = sources.map((source) => take(source, after, rows, country));
  const page = taken
    .flatMap((t) => t.keys)
    .sort(newestFirst)
    .slice(0, rows);
  for (const { boundary } of taken) {
    if (!boundary) continue;
    const last = page[rows - 1];
    // Items past the boundary are unknown: the page must be full before reaching them.
    if (!last || isAfterKey({ ts: last.micros, id: last.id }, boundary)) return null;
  }
  return page;
}
