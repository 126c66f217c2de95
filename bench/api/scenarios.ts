/** The API scenarios of issue 7: what a member's app asks the server most. */
import { COMMON_WORD, RARE_WORD } from '../data/word-lists';
import { CREATED_TIP_PREFIX, type Fixtures } from './datasets';

export interface Scenario {
  name: string;
  isRead: boolean;
  method: 'GET' | 'POST';
  path: string;
  /** A body per request (round-robin items, unique titles). */
  body?: () => string;
}

/** The deep page's size, as the first page's. */
const DEEP_PAGE_LIMIT = 20;

export function buildScenarios(f: Fixtures, deepCursor: string): Scenario[] {
  const get = (name: string, path: string): Scenario => ({ name, isRead: true, method: 'GET', path });
  let likeTurn = 0;
  let created = 0;
  return [
    get('explore first page', '/api/explore?type=all&limit=20'),
    get('explore deep page', `/api/explore?type=all&limit=${DEEP_PAGE_LIMIT}&cursor=${encodeURIComponent(deepCursor)}`),
    get(`search rare "${RARE_WORD}"`, `/api/explore?type=all&limit=20&q=${RARE_WORD}`),
    get(`search common "${COMMON_WORD}"`, `/api/explore?type=all&limit=20&q=${COMMON_WORD}`),
    get(`country filter ${f.topCountry}`, `/api/explore?type=all&limit=20&country=${encodeURIComponent(f.topCountry)}`),
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
 * Follows nextCursor until about `depth` items in (pages of 50), for the deep-page scenario. The
 * deep page must be a full one (20 and a next): where explore ends before `depth` (the small data
 * set), the cursor is the last one with more than a page after it, not the last page's 14 cards.
 */
export async function deepCursor(baseUrl: string, cookie: string, depth: number): Promise<{ cursor: string; items: number }> {
  const cursors: { cursor: string; items: number }[] = [];
  let items = 0;
  let reachedEnd = false;
  while (items < depth) {
    const last = cursors.at(-1);
    const query = last ? `&cursor=${encodeURIComponent(last.cursor)}` : '';
    const res = await fetch(`${baseUrl}/api/explore?type=all&limit=50${query}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`explore page at ${items}: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as { items: unknown[]; nextCursor: string | null };
    items += page.items.length;
    if (!page.nextCursor) {
      reachedEnd = true;
      break;
    }
    cursors.push({ cursor: page.nextCursor, items });
  }
  const deep = cursors.filter((c) => !reachedEnd || items - c.items > DEEP_PAGE_LIMIT).at(-1);
  if (!deep) throw new Error('explore has no full page after the first: no deep cursor');
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
