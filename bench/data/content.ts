/**
 * Tips and guides, first into unlogged staging tables (bench_tips, bench_guides): the likes are
 * drawn from them before the real rows are written, so likes_count goes in with the insert
 * instead of an UPDATE of every liked row (which would re-index each one in the trigram GIN).
 */
import { GUIDE_TAG_SUGGESTIONS, TIP_TAG_SUGGESTIONS } from '@common/lists/tags';
import { TIP_CURRENCIES } from '@common/lists/currencies';
import type { DatabaseHandle } from '@db/client';
import { batches, bulk } from './bulk';
import { listPair, textArray } from './sql-literals';
import * as words from './word-lists';

const places = { country: listPair(words.PLACES.map(([c]) => c)), city: listPair(words.PLACES.map(([, c]) => c)) };
const adjectives = listPair(words.TITLE_ADJECTIVES);
const nouns = listPair(words.TITLE_NOUNS);
const placeNames = listPair(words.PLACE_NAMES);
const openers = listPair(words.DESCRIPTION_OPENERS);
const things = listPair(words.DESCRIPTION_THINGS);
const endings = listPair(words.DESCRIPTION_ENDINGS);
const themes = listPair(words.GUIDE_THEMES);
const RARE_SENTENCE = ` We even saw an ${words.RARE_WORD} here.`;
/** Popular places: index floor(n * random()^3) puts about half the rows on the first tenth. */
const placeIndex = `1 + floor(${words.PLACES.length} * random() ^ 3)::int`;
/** Owners: floor(N * random()^3) makes member 1 the author of ~5 % of everything. */
const ownerIndex = (members: number) => `1 + floor(${members} * random() ^ 3)::int`;
const createdAt = `now() - random() * interval '730 days'`;
/** searchTextOf's separator (common/search.ts). */
const SEP = `' \u2022 '`;

export async function stageTips(handle: DatabaseHandle, count: number, members: number): Promise<void> {
  const tags = textArray(TIP_TAG_SUGGESTIONS);
  const t = TIP_TAG_SUGGESTIONS.length;
  // Two different tags: the second is 1..t-1 places after the first, wrapping round.
  const tag1 = `${tags}[1 + tag0]`;
  const tag2 = `${tags}[1 + (tag0 + 1 + tag_step) % ${t}]`;
  await bulk(
    handle,
    'DROP TABLE IF EXISTS bench_tips',
    // Random indexes first (a subquery with random() is not flattened, so each is drawn once).
    `CREATE UNLOGGED TABLE bench_tips AS
     SELECT gen_random_uuid() AS id, m.id AS user_id, r.*,
       ${adjectives.display}[adj] || ' ' || ${nouns.display}[noun] || ' in ' || ${places.city.display}[place] AS title,
       ${places.country.display}[place] AS country, ${places.city.display}[place] AS city,
       CASE WHEN has_place THEN ${placeNames.display}[pname] END AS place_name,
       ${openers.display}[op] || ' ' || ${things.display}[th] || '. ' || ${endings.display}[en]
         || CASE WHEN is_rare THEN '${RARE_SENTENCE}' ELSE '' END AS description,
       concat_ws(${SEP},
         ${adjectives.search}[adj] || ' ' || ${nouns.search}[noun] || ' in ' || ${places.city.search}[place],
         CASE WHEN has_place THEN ${placeNames.search}[pname] END,
         ${places.city.search}[place], ${places.country.search}[place],
         ${openers.search}[op] || ' ' || ${things.search}[th] || '. ' || ${endings.search}[en]
           || CASE WHEN is_rare THEN '${RARE_SENTENCE.toLowerCase()}' ELSE '' END,
         CASE WHEN two_tags THEN ${tag1} || ${SEP} || ${tag2} ELSE ${tag1} END) AS search_text,
       CASE WHEN two_tags THEN ARRAY[${tag1}, ${tag2}] ELSE ARRAY[${tag1}] END AS tags
     FROM (
       SELECT n, ${ownerIndex(members)} AS owner, ${placeIndex} AS place,
         1 + floor(random() * ${adjectives.length})::int AS adj, 1 + floor(random() * ${nouns.length})::int AS noun,
         random() < 0.7 AS has_place, 1 + floor(random() * ${placeNames.length})::int AS pname,
         1 + floor(random() * ${openers.length})::int AS op, 1 + floor(random() * ${things.length})::int AS th,
         1 + floor(random() * ${endings.length})::int AS en, n % ${words.rareTipEvery(count)} = 7 AS is_rare,
         floor(${t} * random() ^ 1.5)::int AS tag0, floor(random() * ${t - 1})::int AS tag_step,
         random() < 0.5 AS two_tags, random() < 0.1 AS is_private,
         1 + floor(5 * sqrt(random()))::int AS rating, 1 + floor(random() * 8)::int AS type_index,
         ${createdAt} AS created_at, random() AS extra
       FROM generate_series(1, ${count}) n
     ) r
     JOIN bench_members m ON m.n = r.owner`,
    'ALTER TABLE bench_tips ADD PRIMARY KEY (n)',
  );
}

export async function stageGuides(handle: DatabaseHandle, count: number, members: number, days: number): Promise<void> {
  const tags = textArray(GUIDE_TAG_SUGGESTIONS);
  const t = GUIDE_TAG_SUGGESTIONS.length;
  const title = (l: 'display' | 'search') => `'${days} days of ' || ${themes[l]}[theme] || ' in ' || ${places.city[l]}[place]`;
  const description = (l: 'display' | 'search') =>
    `'${l === 'search' ? 'a' : 'A'} ${days}-day plan for ' || ${themes[l]}[theme] || ' lovers, with ' || ${things[l]}[th] || '.'`;
  const secondCountry = `two_countries AND ${places.country.display}[place2] <> ${places.country.display}[place]`;
  await bulk(
    handle,
    'DROP TABLE IF EXISTS bench_guides',
    `CREATE UNLOGGED TABLE bench_guides AS
     SELECT gen_random_uuid() AS id, m.id AS user_id, r.*,
       ${title('display')} AS title, ${places.city.display}[place] AS location,
       CASE WHEN ${secondCountry} THEN ARRAY[${places.country.display}[place], ${places.country.display}[place2]]
            ELSE ARRAY[${places.country.display}[place]] END AS countries,
       ${description('display')} || CASE WHEN is_rare THEN '${RARE_SENTENCE}' ELSE '' END AS description,
       ARRAY[${tags}[tag1]] AS tags,
       concat_ws(${SEP}, ${title('search')}, ${places.city.search}[place], ${places.country.search}[place],
         CASE WHEN ${secondCountry} THEN ${places.country.search}[place2] END,
         ${description('search')} || CASE WHEN is_rare THEN '${RARE_SENTENCE.toLowerCase()}' ELSE '' END,
         ${tags}[tag1]) AS search_text
     FROM (
       SELECT n, ${ownerIndex(members)} AS owner, ${placeIndex} AS place, ${placeIndex} AS place2,
         random() < 0.2 AS two_countries, 1 + floor(random() * ${themes.length})::int AS theme,
         1 + floor(random() * ${things.length})::int AS th, n % 500 = 7 AS is_rare,
         1 + floor(${t} * random())::int AS tag1, random() < 0.1 AS is_private, ${createdAt} AS created_at
       FROM generate_series(1, ${count}) n
     ) r
     JOIN bench_members m ON m.n = r.owner`,
    'ALTER TABLE bench_guides ADD PRIMARY KEY (n)',
  );
}

/** Each of words.PLACES's coordinates (the gazetteer's city centre), or null when it knows no such city. */
export type PlaceCoordinates = ({ latitude: number; longitude: number } | null)[];

/**
 * A tip's place as the app would store it (ADR 061): a known city's tips lie at its centre
 * ('city') or, for 40 %, at a point of their own within ~5 km ('exact', as a maps link gives);
 * the tips of a city the gazetteer does not know ('Old Town') have none.
 */
function placeColumns(coordinates: PlaceCoordinates) {
  const array = (pick: (c: { latitude: number; longitude: number }) => number) =>
    `(ARRAY[${coordinates.map((c) => (c ? pick(c).toFixed(5) : 'NULL')).join(',')}]::float8[])`;
  const lat = `${array((c) => c.latitude)}[s.place]`;
  const lng = `${array((c) => c.longitude)}[s.place]`;
  // least/greatest skip NULLs: an unknown place must stay NULL, not become the clamp.
  const exact = 's.n % 5 < 2';
  return {
    latitude: `CASE WHEN ${lat} IS NULL THEN NULL WHEN ${exact} THEN least(85, greatest(-85, ${lat} + (random() - 0.5) * 0.09)) ELSE ${lat} END`,
    longitude: `CASE WHEN ${lat} IS NULL THEN NULL WHEN ${exact} THEN least(180, greatest(-180, ${lng} + (random() - 0.5) * 0.12)) ELSE ${lng} END`,
    precision: `CASE WHEN ${lat} IS NULL THEN 'none' WHEN ${exact} THEN 'exact' ELSE 'city' END`,
  };
}

/** The staged rows into tips and guides, with their likes_count from the staged likes. */
export async function insertContent(
  handle: DatabaseHandle,
  counts: { tips: number; guides: number; days: number },
  coordinates: PlaceCoordinates,
): Promise<void> {
  const { tips: tipCount, guides: guideCount, days } = counts;
  const currencies = textArray(TIP_CURRENCIES);
  const place = placeColumns(coordinates);
  for (const [from, to] of batches(tipCount, 50_000)) {
    await bulk(
      handle,
      `WITH k AS (SELECT array_agg(id ORDER BY name) AS types FROM tip_types)
       INSERT INTO tips (id, user_id, title, tip_type_id, rating, country, city, place_name, experience_date, value_spent,
         currency, description, detailed_content, tags, visibility, likes_count, search_text, created_at, updated_at,
         latitude, longitude, location_precision)
       SELECT s.id, s.user_id, s.title, k.types[s.type_index], s.rating, s.country, s.city, s.place_name,
         CASE WHEN s.extra < 0.6 THEN date_trunc('day', s.created_at - s.extra * interval '40 days') END,
         CASE WHEN s.extra < 0.5 THEN round((s.extra * 300)::numeric, 2) END,
         CASE WHEN s.extra < 0.5 THEN ${currencies}[1 + floor(s.extra * 20)::int] END,
         s.description, CASE WHEN s.extra < 0.4 THEN s.description || ' ' || s.description END,
         s.tags, CASE WHEN s.is_private THEN 'private' ELSE 'public' END::content_visibility, coalesce(c.likes, 0), s.search_text, s.created_at, s.created_at,
         ${place.latitude}, ${place.longitude}, ${place.precision}
       FROM bench_tips s CROSS JOIN k LEFT JOIN bench_like_counts c ON c.item_id = s.id
       WHERE s.n BETWEEN ${from} AND ${to}`,
    );
  }
  for (const [from, to] of batches(guideCount, 20_000)) {
    await bulk(
      handle,
      `INSERT INTO guides (id, user_id, title, location, countries, description, days_count, tags, visibility, likes_count,
         search_text, created_at, updated_at)
       SELECT s.id, s.user_id, s.title, s.location, s.countries, s.description, ${days}, s.tags, CASE WHEN s.is_private THEN 'private' ELSE 'public' END::content_visibility, coalesce(c.likes, 0),
         s.search_text, s.created_at, s.created_at
       FROM bench_guides s LEFT JOIN bench_like_counts c ON c.item_id = s.id
       WHERE s.n BETWEEN ${from} AND ${to}`,
      // What guides' trigger writes (migration 0010); triggers are off during the load.
      `INSERT INTO guide_countries (guide_id, country, guide_created_at)
       SELECT s.id, c, s.created_at FROM bench_guides s, unnest(s.countries) AS c
       WHERE s.n BETWEEN ${from} AND ${to}`,
    );
  }
}

/**
 * 2-4 items a day: the owner's own tips (a day never repeats one) where the owner has enough,
 * else custom items, as the guide editor allows.
 */
export async function insertGuideItems(handle: DatabaseHandle, guideCount: number, days: number): Promise<void> {
  const customTitles = textArray(words.CUSTOM_ITEM_TITLES);
  const customPlaces = textArray(words.PLACE_NAMES);
  await bulk(
    handle,
    'DROP TABLE IF EXISTS bench_owner_tips',
    `CREATE UNLOGGED TABLE bench_owner_tips AS
       SELECT user_id, id, row_number() OVER (PARTITION BY user_id ORDER BY n)::int AS rn, count(*) OVER (PARTITION BY user_id)::int AS total
       FROM bench_tips`,
    'CREATE INDEX ON bench_owner_tips (user_id, rn)',
    'DROP TABLE IF EXISTS bench_owner_tip_counts',
    'CREATE UNLOGGED TABLE bench_owner_tip_counts AS SELECT user_id, max(total) AS total FROM bench_owner_tips GROUP BY user_id',
    'ALTER TABLE bench_owner_tip_counts ADD PRIMARY KEY (user_id)',
  );
  for (const [from, to] of batches(guideCount, 5_000)) {
    await bulk(
      handle,
      `INSERT INTO guide_tips (guide_id, tip_id, day_number, order_in_day, custom_title, custom_description, custom_place_name)
       SELECT s.guide_id, ot.id, s.day, s.item, CASE WHEN ot.id IS NULL THEN ${customTitles}[s.pick % ${words.CUSTOM_ITEM_TITLES.length} + 1] END,
         CASE WHEN ot.id IS NULL AND s.pick % 3 = 0 THEN 'Leave an hour for it.' END,
         CASE WHEN ot.id IS NULL AND s.pick % 2 = 0 THEN ${customPlaces}[s.pick % ${words.PLACE_NAMES.length} + 1] END
       FROM (
         SELECT g.id AS guide_id, g.user_id, d AS day, o AS item, coalesce(c.total, 0) AS total,
                abs(hashtext(g.id::text || ':' || d)) AS pick, random() < 0.6 AS wants_tip
         FROM bench_guides g
         CROSS JOIN generate_series(1, ${days}) d
         CROSS JOIN LATERAL generate_series(1, 2 + abs(hashtext(g.id::text || '/' || d)) % 3) o
         LEFT JOIN bench_owner_tip_counts c ON c.user_id = g.user_id
         WHERE g.n BETWEEN ${from} AND ${to}
       ) s
       LEFT JOIN bench_owner_tips ot
         ON s.wants_tip AND s.total >= s.item AND ot.user_id = s.user_id AND ot.rn = 1 + (s.pick + s.item) % greatest(s.total, 1)`,
    );
  }
}
