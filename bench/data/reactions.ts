/**
 * Likes, saves, connections and notifications. Likes and saves follow a Zipf-Mandelbrot curve
 * over the public items (P(rank r) ~ 1 / (r + q)): at the full size the top 1,000 items get about
 * a third of all likes, while the most liked one stays under the member count (a member likes an
 * item once). Nobody likes or saves their own item, as the API refuses it.
 */
import type { DatabaseHandle } from '@db/client';
import { batches, bulk, rowsOf } from './bulk';

/** Public tips and guides in a random order (uuid order): rank 1 is the most popular. */
export async function stageTargets(handle: DatabaseHandle): Promise<number> {
  await bulk(
    handle,
    'DROP TABLE IF EXISTS bench_targets',
    `CREATE UNLOGGED TABLE bench_targets AS
       SELECT row_number() OVER (ORDER BY id)::int AS rank, * FROM (
         SELECT id, id AS tip_id, NULL::uuid AS guide_id, user_id AS owner_id, created_at FROM bench_tips WHERE NOT is_private
         UNION ALL
         SELECT id, NULL::uuid, id, user_id, created_at FROM bench_guides WHERE NOT is_private) items`,
    'ALTER TABLE bench_targets ADD PRIMARY KEY (rank)',
  );
  const [row] = await rowsOf<{ n: number }>(handle, 'SELECT count(*)::int AS n FROM bench_targets');
  return row!.n;
}

/** Inverse-CDF sample of rank 1..m with P(r) ~ 1/(r + q). */
const zipfRank = (m: number, q: number) =>
  `least(${m}, floor(${q + 1} * power(${(m + q + 1) / (q + 1)}::float8, random()) - ${q})::int)`;

/**
 * Staged reactions (bench_likes or bench_saves), drawn per range of members: a member's pairs
 * are all in one batch, so de-duplicating within the batch is enough. Drawing 20 % more than
 * needed and keeping `count` leaves room for duplicates and own items.
 */
export async function stageReactions(
  handle: DatabaseHandle,
  table: string,
  total: number,
  members: number,
  targets: number,
  q: number,
) {
  await bulk(
    handle,
    `DROP TABLE IF EXISTS ${table}`,
    `CREATE UNLOGGED TABLE ${table} (user_id uuid, tip_id uuid, guide_id uuid, owner_id uuid, created_at timestamptz)`,
  );
  const batchSize = Math.max(1, Math.ceil(members / 10));
  for (const [from, to] of batches(members, batchSize)) {
    const count = Math.round((total * (to - from + 1)) / members);
    await bulk(
      handle,
      `INSERT INTO ${table}
       SELECT DISTINCT ON (m.id, t.rank) m.id, t.tip_id, t.guide_id, t.owner_id, t.created_at + random() * (now() - t.created_at)
       FROM (SELECT ${from} + floor(random() * ${to - from + 1})::int AS member, ${zipfRank(targets, q)} AS rank
             FROM generate_series(1, ${Math.ceil(count * 1.2)})) s
       JOIN bench_members m ON m.n = s.member
       JOIN bench_targets t ON t.rank = s.rank
       WHERE t.owner_id <> m.id
       LIMIT ${count}`,
    );
  }
}

export async function stageLikeCounts(handle: DatabaseHandle) {
  await bulk(
    handle,
    'DROP TABLE IF EXISTS bench_like_counts',
    `CREATE UNLOGGED TABLE bench_like_counts AS
       SELECT coalesce(tip_id, guide_id) AS item_id, count(*)::int AS likes FROM bench_likes GROUP BY 1`,
    'ALTER TABLE bench_like_counts ADD PRIMARY KEY (item_id)',
  );
}

export async function insertReactions(handle: DatabaseHandle, staged: string, table: 'likes' | 'saved_items') {
  await bulk(
    handle,
    `INSERT INTO ${table} (user_id, tip_id, guide_id, created_at) SELECT user_id, tip_id, guide_id, created_at FROM ${staged}`,
  );
}

/** One row per pair whichever way round (connections_pair_unique); popular members get more. */
export async function insertConnections(handle: DatabaseHandle, total: number, members: number) {
  await bulk(
    handle,
    `INSERT INTO connections (requester_id, addressee_id, status, created_at, updated_at)
     SELECT DISTINCT ON (least(a.id, b.id), greatest(a.id, b.id)) a.id, b.id,
       (CASE WHEN s.roll < 0.7 THEN 'accepted' WHEN s.roll < 0.95 THEN 'pending' ELSE 'blocked' END)::connection_status,
       s.at, s.at
     FROM (SELECT 1 + floor(${members} * random() ^ 2)::int AS a, 1 + floor(${members} * random())::int AS b,
                  random() AS roll, now() - random() * interval '700 days' AS at
           FROM generate_series(1, ${Math.ceil(total * 1.3)})) s
     JOIN bench_members a ON a.n = s.a
     JOIN bench_members b ON b.n = s.b
     WHERE a.id <> b.id
     LIMIT ${total}`,
    // Triggers are off here: each member's list of connections (migration 0024) is written whole.
    'SELECT waymark_rebuild_connection_lists()',
  );
}

/**
 * Notifications are what the app would have written for a sample of the generated likes (70 %),
 * saves (20 %) and connections (10 %), with the app's texts (reactions and connections services).
 * Older ones are mostly read.
 */
export async function insertNotifications(
  handle: DatabaseHandle,
  total: number,
  sizes: { likes: number; saves: number; connections: number },
) {
  const fromConnections = Math.min(sizes.connections, Math.round(total * 0.1));
  const fromSaves = Math.min(sizes.saves, Math.round(total * 0.2));
  const fromLikes = Math.min(sizes.likes, total - fromConnections - fromSaves);
  const isRead = (at: string) => `(CASE WHEN ${at} < now() - interval '30 days' THEN random() < 0.9 ELSE random() < 0.3 END)`;
  const sample = (wanted: number, of: number) => `random() < ${Math.min(1, (wanted / Math.max(of, 1)) * 1.1)}`;
  await bulk(
    handle,
    `INSERT INTO notifications (user_id, actor_id, type, content, tip_id, guide_id, is_read, created_at)
     SELECT l.owner_id, l.user_id, 'like', p.name || ' liked your ' || CASE WHEN l.tip_id IS NULL THEN 'guide' ELSE 'tip' END,
            l.tip_id, l.guide_id, ${isRead('l.created_at')}, l.created_at
     FROM (SELECT * FROM bench_likes WHERE ${sample(fromLikes, sizes.likes)} LIMIT ${fromLikes}) l
     JOIN profiles p ON p.user_id = l.user_id`,
  );
  await bulk(
    handle,
    `INSERT INTO notifications (user_id, actor_id, type, content, tip_id, guide_id, is_read, created_at)
     SELECT s.owner_id, s.user_id, (CASE WHEN s.tip_id IS NULL THEN 'guide_saved' ELSE 'tip_saved' END)::notification_type,
            'Someone saved your ' || CASE WHEN s.tip_id IS NULL THEN 'guide' ELSE 'tip' END,
            s.tip_id, s.guide_id, ${isRead('s.created_at')}, s.created_at
     FROM (SELECT * FROM bench_saves WHERE ${sample(fromSaves, sizes.saves)} LIMIT ${fromSaves}) s`,
  );
  // A pending request notifies its addressee; an answered one notifies the requester.
  await bulk(
    handle,
    `INSERT INTO notifications (user_id, actor_id, type, content, is_read, created_at)
     SELECT CASE WHEN c.status = 'pending' THEN c.addressee_id ELSE c.requester_id END,
            CASE WHEN c.status = 'pending' THEN c.requester_id ELSE c.addressee_id END,
            (CASE c.status WHEN 'pending' THEN 'connection_request' WHEN 'accepted' THEN 'connection_accepted' ELSE 'connection_declined' END)::notification_type,
            p.name || CASE c.status WHEN 'pending' THEN ' sent you a connection request' WHEN 'accepted' THEN ' accepted your connection request'
                                    ELSE ' declined your connection request' END,
            ${isRead('c.created_at')}, c.created_at
     FROM (SELECT * FROM connections WHERE ${sample(fromConnections, sizes.connections)} LIMIT ${fromConnections}) c
     JOIN profiles p ON p.user_id = CASE WHEN c.status = 'pending' THEN c.requester_id ELSE c.addressee_id END`,
  );
}
