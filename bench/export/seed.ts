/**
 * The data of the export benchmark, written before the server starts: one member with 10,000
 * tips (half with a photo: 5,000 photo files), 100 guides of 5 days with their items, and some
 * likes, saves, connections and notifications, in set-based SQL. The photo files are one small
 * generated WebP, hard-linked 5,000 times (the export reads each through its own path).
 */
import { link, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { DatabaseHandle } from '@db/client';
import { hashPassword } from '@server/modules/auth/password-hasher';
import { bulk, rowsOf } from '../data/bulk';
import { lit } from '../data/sql-literals';

export const EXPORTER = { email: 'exporter@bench.waymark.test', password: 'bench-export-password-1', username: 'export-bench' };

export interface ExportSizes {
  tips: number;
  photos: number;
  guides: number;
  others: number;
}

export const EXPORT_SIZES: ExportSizes = { tips: 10_000, photos: 5_000, guides: 100, others: 200 };

/** An 800 x 533 photo-like WebP (light noise over a gradient), about 100 KB like a phone photo stored. */
async function samplePhoto(): Promise<Buffer> {
  const width = 800;
  const height = 533;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    const noise = Math.floor(Math.random() * 16);
    pixels[i] = (x / 4 + noise) & 255;
    pixels[i + 1] = (120 + noise) & 255;
    pixels[i + 2] = (200 - x / 8 + noise) & 255;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .webp({ quality: 82 })
    .toBuffer();
}

/** Writes the member and their content; returns the member's id and the bytes of one photo. */
export async function seedExporter(handle: DatabaseHandle, dataDir: string, sizes: ExportSizes) {
  const hash = await hashPassword(EXPORTER.password);
  const [{ id } = { id: '' }] = await rowsOf<{ id: string }>(handle, 'SELECT gen_random_uuid()::text AS id');
  const others = `(SELECT array_agg(id ORDER BY id) FROM bench_others)`;
  await bulk(
    handle,
    `INSERT INTO users (id, name, email, email_verified) VALUES ('${id}', 'Export Bench', ${lit(EXPORTER.email)}, true)`,
    `INSERT INTO accounts (account_id, provider_id, user_id, password) VALUES ('${id}', 'credential', '${id}', ${lit(hash)})`,
    `INSERT INTO profiles (user_id, name, username, country, currency) VALUES ('${id}', 'Export Bench', ${lit(EXPORTER.username)}, 'Portugal', 'EUR')`,
    `INSERT INTO user_roles (user_id, role) VALUES ('${id}', 'user')`,
    // Other members, for likes, saves, connections and notifications.
    `CREATE TEMP TABLE bench_others AS SELECT gen_random_uuid() AS id, n FROM generate_series(1, ${sizes.others}) n`,
    `INSERT INTO users (id, name, email, email_verified) SELECT id, 'Other ' || n, 'other' || n || '@bench.waymark.test', true FROM bench_others`,
    `INSERT INTO profiles (user_id, name, username) SELECT id, 'Other ' || n, 'other-' || n FROM bench_others`,
    `INSERT INTO user_roles (user_id, role) SELECT id, 'user' FROM bench_others`,
    // location_precision 'none': already tried, so the server's locator backfill (ADR 061) leaves them be.
    `INSERT INTO tips (user_id, title, country, city, place_name, description, detailed_content, tags, visibility, photo_urls,
         location_precision, created_at)
       SELECT '${id}', 'Tip number ' || n, 'Portugal', 'Lisbon', 'Place ' || n,
         'A short description of tip ' || n || ', worth the detour.',
         repeat('Longer notes about the place, the people and the food. ', 8),
         ARRAY['food', 'walk'], CASE WHEN n % 10 = 0 THEN 'private' ELSE 'public' END::content_visibility,
         CASE WHEN n <= ${sizes.photos} THEN ARRAY['/api/media/tip-photos/${id}/' || n || '-0-bench.webp'] ELSE '{}' END,
         'none', now() - n * interval '1 minute'
       FROM generate_series(1, ${sizes.tips}) n`,
    `INSERT INTO guides (user_id, title, countries, description, days_count, created_at)
       SELECT '${id}', 'Guide number ' || n, ARRAY['Portugal'], 'Five days around Lisbon.', 5, now() - n * interval '1 hour'
       FROM generate_series(1, ${sizes.guides}) n`,
    `INSERT INTO guide_tips (guide_id, tip_id, day_number, order_in_day)
       SELECT g.id, (SELECT id FROM tips WHERE user_id = '${id}' ORDER BY created_at OFFSET (d * 3 + o) LIMIT 1), d, o
       FROM guides g, generate_series(1, 5) d, generate_series(1, 3) o WHERE g.user_id = '${id}'`,
    `INSERT INTO tips (user_id, title, country, city, description, location_precision)
       SELECT id, 'Other tip ' || n, 'Spain', 'Madrid', 'Someone else''s tip.', 'none' FROM bench_others`,
    `INSERT INTO likes (user_id, tip_id) SELECT '${id}', t.id FROM tips t WHERE t.user_id <> '${id}'`,
    `INSERT INTO saved_items (user_id, tip_id) SELECT '${id}', t.id FROM tips t WHERE t.user_id <> '${id}'`,
    `INSERT INTO connections (requester_id, addressee_id, status) SELECT '${id}', id, 'accepted' FROM bench_others`,
    `INSERT INTO notifications (user_id, actor_id, type, content, tip_id, created_at)
       SELECT '${id}', (${others})[1 + n % ${sizes.others}], 'like', 'Someone liked your tip', t.id, now() - n * interval '1 minute'
       FROM (SELECT id, row_number() OVER () AS n FROM tips WHERE user_id = '${id}' LIMIT 2000) t`,
  );
  const photo = await samplePhoto();
  const dir = path.join(dataDir, 'uploads', 'tip-photos', id);
  await mkdir(dir, { recursive: true });
  const original = path.join(dir, 'original.bench');
  await writeFile(original, photo);
  for (let n = 1; n <= sizes.photos; n += 1) await link(original, path.join(dir, `${n}-0-bench.webp`));
  return { id, photoBytes: photo.length };
}
