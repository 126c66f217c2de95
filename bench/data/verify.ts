/** Checks a sample of generated rows against what the app itself would have stored. */
import { searchTextOf, searchWordsOf } from '@common/search';
import type { DatabaseHandle } from '@db/client';
import { rowsOf } from './bulk';
import { RARE_WORD } from './word-lists';

interface TipRow {
  title: string;
  place_name: string | null;
  city: string;
  country: string;
  description: string;
  tags: string[];
  search_text: string;
}
interface GuideRow {
  title: string;
  location: string | null;
  countries: string[];
  description: string | null;
  tags: string[];
  search_text: string;
}

/**
 * Problems found (empty when consistent): search_text as the services compute it, its words
 * (search_vector) as a query splits them, likes_count = COUNT(likes), guide_countries =
 * guides.countries, the map cells count every public placed tip, and the rare word fills a
 * search's page.
 */
export async function verifySample(handle: DatabaseHandle): Promise<string[]> {
  const problems: string[] = [];
  const tips = await rowsOf<TipRow>(
    handle,
    'SELECT title, place_name, city, country, description, tags, search_text FROM tips ORDER BY random() LIMIT 300',
  );
  for (const t of tips) {
    const expected = searchTextOf([t.title, t.place_name, t.city, t.country, t.description, t.tags]);
    if (expected !== t.search_text)
      problems.push(`tip search_text ${JSON.stringify(t.search_text)} != ${JSON.stringify(expected)}`);
  }
  const guides = await rowsOf<GuideRow>(
    handle,
    'SELECT title, location, countries, description, tags, search_text FROM guides ORDER BY random() LIMIT 300',
  );
  for (const g of guides) {
    const expected = searchTextOf([g.title, g.location, g.countries, g.description, g.tags]);
    if (expected !== g.search_text)
      problems.push(`guide search_text ${JSON.stringify(g.search_text)} != ${JSON.stringify(expected)}`);
  }
  const vectors = await rowsOf<{ search_text: string; words: string[] }>(
    handle,
    `(SELECT search_text, tsvector_to_array(search_vector) AS words FROM tips ORDER BY random() LIMIT 300)
     UNION ALL (SELECT search_text, tsvector_to_array(search_vector) FROM guides ORDER BY random() LIMIT 100)`,
  );
  for (const v of vectors) {
    const expected = searchWordsOf(v.search_text).sort();
    if (JSON.stringify([...v.words].sort()) !== JSON.stringify(expected))
      problems.push(`words of ${JSON.stringify(v.search_text)}: ${v.words.join(' ')}`);
  }
  const [counts] = await rowsOf<{ bad: number }>(
    handle,
    `SELECT (SELECT count(*) FROM tips t WHERE likes_count <> (SELECT count(*) FROM likes l WHERE l.tip_id = t.id))
          + (SELECT count(*) FROM guides g WHERE likes_count <> (SELECT count(*) FROM likes l WHERE l.guide_id = g.id)) AS bad`,
  );
  if (Number(counts!.bad) > 0) problems.push(`${counts!.bad} items whose likes_count differs from COUNT(likes)`);
  // Since issue 25 a connections-only item may hold its connections' likes, and a hidden one
  // the likes it had before a moderator hid it: only a private item's likes are wrong.
  const [own] = await rowsOf<{ n: number }>(
    handle,
    `SELECT count(*)::int AS n FROM likes l LEFT JOIN tips t ON t.id = l.tip_id LEFT JOIN guides g ON g.id = l.guide_id
     WHERE l.user_id = coalesce(t.user_id, g.user_id) OR coalesce(t.visibility, g.visibility) = 'private'`,
  );
  if (own!.n > 0) problems.push(`${own!.n} likes of own or private items`);
  const [mirror] = await rowsOf<{ n: number }>(
    handle,
    `SELECT count(*)::int AS n FROM (
       (SELECT g.id, c, g.created_at FROM guides g, unnest(g.countries) AS c
        EXCEPT SELECT guide_id, country, guide_created_at FROM guide_countries)
       UNION ALL
       (SELECT guide_id, country, guide_created_at FROM guide_countries
        EXCEPT SELECT g.id, c, g.created_at FROM guides g, unnest(g.countries) AS c)) AS differ`,
  );
  if (mirror!.n > 0) problems.push(`${mirror!.n} rows differ between guide_countries and guides.countries`);
  const [lists] = await rowsOf<{ n: number }>(
    handle,
    `SELECT count(*)::int AS n FROM (
       (SELECT user_id, unnest(connection_ids) FROM member_connection_lists
        EXCEPT ALL (SELECT requester_id, addressee_id FROM connections WHERE status = 'accepted'
                    UNION ALL SELECT addressee_id, requester_id FROM connections WHERE status = 'accepted'))
       UNION ALL
       ((SELECT requester_id, addressee_id FROM connections WHERE status = 'accepted'
         UNION ALL SELECT addressee_id, requester_id FROM connections WHERE status = 'accepted')
        EXCEPT ALL SELECT user_id, unnest(connection_ids) FROM member_connection_lists)) AS differ`,
  );
  if (lists!.n > 0) problems.push(`${lists!.n} entries differ between member_connection_lists and connections`);
  const [rare] = await rowsOf<{ n: number }>(
    handle,
    `SELECT count(*)::int AS n FROM tips WHERE NOT is_private AND search_vector @@ '${RARE_WORD}'::tsquery`,
  );
  // The benchmark's search asks for 20: a full page and one more to show there is a next page.
  if (rare!.n < 21)
    problems.push(`only ${rare!.n} public tips hold the rare word "${RARE_WORD}": its search does not fill a page`);
  const [cells] = await rowsOf<{ counted: string; placed: string }>(
    handle,
    `SELECT (SELECT coalesce(sum(tips_count), 0) FROM tip_map_cells WHERE level = 2) AS counted,
            (SELECT count(*) FROM tips WHERE is_private = false AND latitude IS NOT NULL) AS placed`,
  );
  if (cells?.counted !== cells?.placed || cells?.placed === '0')
    problems.push(`map cells count ${cells?.counted} tips, ${cells?.placed} public tips have a place`);
  return problems.slice(0, 10);
}
