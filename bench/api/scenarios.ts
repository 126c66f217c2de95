/** The API scenarios of issue 7: what a member's app asks the server most. */
import { COMMON_WORD, LAST_NAMES, RARE_WORD } from '../data/word-lists';
import { CREATED_TIP_PREFIX, type Fixtures } from './datasets';

/** Who asks: member 1, the admin, or the member with the long Blocked members list (bench/data/safety-lists.ts). */
export type Caller = 'member' | 'admin' | 'blocker';

export interface Scenario {
  name: string;
  isRead: boolean;
  method: 'GET' | 'POST';
  path: string;
  /** A body per request (round-robin items, unique titles). */
  body?: () => string;
  /** member unless said. */
  as?: Caller;
}

/** A keyset list measured at its first page and at a page `depth` items in, `limit` (the client's page size) a page. */
export interface PagedList {
  name: string;
  path: string;
  limit: number;
  depth: number;
  as: Caller;
}

export const EXPLORE_LIST: PagedList = { name: 'explore', path: '/api/explore?type=all', limit: 20, depth: 5_000, as: 'member' };

/** Explore's other orders (issue 36, ADR 105): most liked and best rated, first and deep page. */
export const EXPLORE_SORTED: PagedList[] = [
  { name: 'explore most liked', path: '/api/explore?type=all&sort=liked', limit: 20, depth: 5_000, as: 'member' },
  { name: 'explore best rated', path: '/api/explore?type=all&sort=rated', limit: 20, depth: 5_000, as: 'member' },
];

/** A misspelt place (ADR 105): the search as typed finds nothing, then the suggestion is asked. */
export const MISSPELT_WORD = 'lisbn';

/**
 * Issue 25's lists (bench/data/safety-lists.ts fills them): the admin's Reports tab, audit log
 * and Outbox jobs, and a member's Blocked members. Depths fit the full set (about 1,650 open
 * cases, 50,000 log entries, 5,000 jobs, 500 blocks); the small set's deep page is its last full one.
 */
export const SAFETY_LISTS: PagedList[] = [
  { name: 'reports queue', path: '/api/admin/reports', limit: 20, depth: 1_000, as: 'admin' },
  { name: 'audit log', path: '/api/admin/audit-log', limit: 30, depth: 5_000, as: 'admin' },
  { name: 'outbox jobs', path: '/api/admin/jobs', limit: 20, depth: 2_000, as: 'admin' },
  { name: 'blocked members', path: '/api/blocks', limit: 20, depth: 300, as: 'blocker' },
  // Issue 36: the Reports tab's Handled view (about 20,000 decisions in the full set).
  { name: 'handled reports', path: '/api/admin/reports/handled', limit: 20, depth: 5_000, as: 'admin' },
];

const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

/** A list's first and deep page; `deepCursors` by list name (deepCursor below). */
function pagedScenarios(list: PagedList, deepCursors: Record<string, string>): Scenario[] {
  const page = (name: string, cursor?: string): Scenario => ({
    name: `${list.name} ${name}`,
    isRead: true,
    method: 'GET',
    path: withQuery(list.path, `limit=${list.limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
    as: list.as,
  });
  const deep = deepCursors[list.name];
  if (!deep) throw new Error(`no deep cursor for ${list.name}`);
  return [page('first page'), page('deep page', deep)];
}

export function buildScenarios(f: Fixtures, deepCursors: Record<string, string>): Scenario[] {
  const get = (name: string, path: string): Scenario => ({ name, isRead: true, method: 'GET', path });
  let likeTurn = 0;
  let created = 0;
  return [
    ...pagedScenarios(EXPLORE_LIST, deepCursors),
    get(`search rare "${RARE_WORD}"`, `/api/explore?type=all&limit=20&q=${RARE_WORD}`),
    get(`search common "${COMMON_WORD}"`, `/api/explore?type=all&limit=20&q=${COMMON_WORD}`),
    get(`country filter ${f.topCountry}`, `/api/explore?type=all&limit=20&country=${encodeURIComponent(f.topCountry)}`),
    // Issue 36 (ADR 105): the orders, a category, a misspelt word and its suggestion, members by name.
    ...EXPLORE_SORTED.filter((list) => deepCursors[list.name]).flatMap((list) => pagedScenarios(list, deepCursors)),
    get(`explore most liked, search "${COMMON_WORD}"`, `/api/explore?type=all&limit=20&sort=liked&q=${COMMON_WORD}`),
    get('explore category', `/api/explore?type=all&limit=20&tipType=${f.tipTypeId}`),
    get(`search misspelt "${MISSPELT_WORD}"`, `/api/explore?type=all&limit=20&q=${MISSPELT_WORD}`),
    get(`search misspelt "${MISSPELT_WORD}" suggestion`, `/api/explore/suggestion?q=${MISSPELT_WORD}`),
    get('members search "silva"', '/api/members?q=silva&limit=6'),
    get('members search "ana"', '/api/members?q=ana&limit=6'),
    get('tip detail (popular)', `/api/tips/${f.popularTipId}`),
    get('guide detail + items', `/api/guides/${f.popularGuideId}`),
    get('own tips list', `/api/users/${f.memberId}/content?type=tips&limit=20`),
    get('notifications list', '/api/notifications?filter=all&limit=20'),
    // Security Settings' sessions (issue 24, ADR 074): the member's own, user agents parsed.
    get('own sessions list', '/api/auth/sessions?limit=20'),
    // The home screen (issue 21, ADR 055): the connections' feed and the 30-day most liked, a page each.
    get('home feed', '/api/home/feed?limit=12'),
    get('home most liked', '/api/home/popular?limit=12'),
    // The Explore map (issue 22, ADR 062): the whole world at zoom 2, Paris as a 1280x800 screen
    // shows it at zoom 12 (cells from tip_map_cells), and a street at zoom 17 (the tips themselves).
    get('map world view', '/api/map/tips?west=-180&south=-70&east=180&north=80&zoom=2'),
    get('map city view', '/api/map/tips?west=2.13&south=48.77&east=2.57&north=48.95&zoom=12'),
    // Security Settings' passkeys (issue 24, ADR 077): at most 20 per member, one page.
    get('own passkeys', '/api/auth/passkeys'),
    get('map street view', '/api/map/tips?west=2.335&south=48.851&east=2.362&north=48.862&zoom=16'),
    // A data set without safety.ts's rows has no deep page to measure: those lists are left out.
    ...SAFETY_LISTS.filter((list) => deepCursors[list.name]).flatMap((list) => pagedScenarios(list, deepCursors)),
    // The Reports tab's badge, asked with every admin page.
    { ...get('reports queue open count', '/api/admin/reports/open-count'), as: 'admin' },
    // User Management's search (issue 36): one member by a part of the e-mail; a last name many share.
    { ...get('admin user search by e-mail', '/api/admin/users?limit=50&q=member4321%40bench'), as: 'admin' },
    {
      ...get(`admin user search "${LAST_NAMES[0]}"`, `/api/admin/users?limit=50&q=${encodeURIComponent(LAST_NAMES[0]!)}`),
      as: 'admin',
    },
    {
      name: 'toggle like',
      isRead: false,
      method: 'POST',
      path: '/api/likes/toggle',
      body: () => JSON.stringify({ contentType: 'tip', contentId: f.likeTargets[likeTurn++ % f.likeTargets.length] }),
    },
    {
      name: 'create tip',
      isRead: false,
      method: 'POST',
      path: '/api/tips',
      body: () =>
        JSON.stringify({
          title: `${CREATED_TIP_PREFIX} ${++created}`,
          country: 'Portugal',
          city: 'Lisbon',
          placeName: 'Miradouro da Graça',
          rating: 4,
          description: 'Benchmark tip: the tram stop is right outside.',
          tags: ['bench'],
          isPrivate: false,
        }),
    },
  ];
}

/**
 * Follows a list's nextCursor until about `depth` items in (pages of 50), for its deep-page
 * scenario. The deep page must be a full one (a page and a next): where the list ends before
 * `depth` (the small data set), the cursor is the last one with more than a page after it.
 */
export async function deepCursor(baseUrl: string, cookie: string, list: PagedList): Promise<{ cursor: string; items: number }> {
  const cursors: { cursor: string; items: number }[] = [];
  let items = 0;
  let reachedEnd = false;
  while (items < list.depth) {
    const last = cursors.at(-1);
    const query = `limit=50${last ? `&cursor=${encodeURIComponent(last.cursor)}` : ''}`;
    const res = await fetch(`${baseUrl}${withQuery(list.path, query)}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`${list.name} page at ${items}: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as { items: unknown[]; nextCursor: string | null };
    items += page.items.length;
    if (!page.nextCursor) {
      reachedEnd = true;
      break;
    }
    cursors.push({ cursor: page.nextCursor, items });
  }
  const deep = cursors.filter((c) => !reachedEnd || items - c.items > list.limit).at(-1);
  if (!deep) throw new Error(`${list.name} has no full page after the first: no deep cursor`);
  return deep;
}

/** Signs in over HTTP as a member would; returns the session cookie for every request. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-waymark-csrf': '1' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
