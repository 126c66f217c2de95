/**
 * How fast the content lists, counts and search answer at community size (issue 3: "counts come
 * from queries that stay fast at 100k items"). Fills a fresh database with N tips and N/5 guides
 * (a tenth private) by 500 members, then times each API call through app.inject().
 *
 *   npx tsx bench/content-lists.ts                      # PostgreSQL (BENCH_DATABASE_URL or the local test server), 100k tips
 *   npx tsx bench/content-lists.ts --pglite --tips 20000
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { buildApp } from '../server/src/app';
import { bootstrap } from '../server/src/bootstrap';
import { loadConfig } from '../server/src/config/env';

const args = process.argv.slice(2);
const isPglite = args.includes('--pglite');
const tipCount = Number(args[args.indexOf('--tips') + 1] ?? 0) || 100_000;
const guideCount = Math.round(tipCount / 5);
const ROUNDS = 30;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function openBenchDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (isPglite) return { handle: await openDatabase({ kind: 'pglite' }), drop: () => Promise.resolve() };
  const name = `waymark_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    handle,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Set-based fill in SQL: fast enough for 100k rows on both databases. */
async function fill(handle: DatabaseHandle) {
  const db = handle.db;
  await db.execute(
    sql`INSERT INTO users (name, email) SELECT 'Member ' || i, 'member' || i || '@members.bench' FROM generate_series(1, 500) i`,
  );
  await db.execute(
    sql`INSERT INTO profiles (user_id, name, username) SELECT id, name, email FROM users WHERE email LIKE '%@members.bench'`,
  );
  await db.execute(sql`INSERT INTO user_roles (user_id, role) SELECT id, 'user' FROM users WHERE email LIKE '%@members.bench'`);
  const cities = `ARRAY['Kyoto','Porto','Lisbon','Zürich','São Paulo','Hanoi','Oaxaca','Tbilisi','Reykjavík','Cusco']`;
  const countries = `ARRAY['Japan','Portugal','Portugal','Switzerland','Brazil','Vietnam','Mexico','Georgia','Iceland','Peru']`;
  await db.execute(
    sql.raw(`
    WITH members AS (SELECT array_agg(id) AS ids FROM users WHERE email LIKE '%@members.bench')
    INSERT INTO tips (user_id, title, country, city, description, visibility, tags, search_text, created_at)
    SELECT ids[1 + (i % 500)], 'Tip number ' || i, (${countries})[1 + i % 10], (${cities})[1 + i % 10],
           'A short description of place ' || i, CASE WHEN i % 10 = 0 THEN 'private' ELSE 'public' END::content_visibility, ARRAY['food','budget'],
           lower('tip number ' || i || ' • ' || (${cities})[1 + i % 10] || ' • ' || (${countries})[1 + i % 10] || ' • a short description of place ' || i || ' • food • budget'),
           now() - (i || ' seconds')::interval
    FROM generate_series(1, ${tipCount}) i, members`),
  );
  await db.execute(
    sql.raw(`
    WITH members AS (SELECT array_agg(id) AS ids FROM users WHERE email LIKE '%@members.bench')
    INSERT INTO guides (user_id, title, location, countries, days_count, visibility, tags, search_text, created_at)
    SELECT ids[1 + (i % 500)], 'Guide number ' || i, (${cities})[1 + i % 10], ARRAY[(${countries})[1 + i % 10]], 1 + i % 14, CASE WHEN i % 10 = 0 THEN 'private' ELSE 'public' END::content_visibility,
           ARRAY['road trip'], lower('guide number ' || i || ' • ' || (${cities})[1 + i % 10] || ' • ' || (${countries})[1 + i % 10] || ' • road trip'),
           now() - (i || ' seconds')::interval - interval '7 seconds'
    FROM generate_series(1, ${guideCount}) i, members`),
  );
  await db.execute(sql.raw(isPglite ? 'ANALYZE' : 'VACUUM ANALYZE'));
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { median: at(0.5), p95: at(0.95), max: s[s.length - 1]! };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-'));
  const { handle, drop } = await openBenchDatabase();
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'admin@bench.test',
      ADMIN_PASSWORD: 'bench-password',
      LOG_LEVEL: 'silent',
    });
    const { sessionSecret } = await bootstrap(handle, config);
    const fillStart = performance.now();
    await fill(handle);
    console.log(
      `${handle.kind}: ${tipCount} tips + ${guideCount} guides by 500 members, filled in ${((performance.now() - fillStart) / 1000).toFixed(1)} s`,
    );
    const app = await buildApp({ config, database: handle, sessionSecret, logger: false, webRoot: '/nonexistent' });
    // Bench members have no password; the admin sees what any member sees (public content).
    const admin = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'x-waymark-csrf': '1' },
      payload: { email: 'admin@bench.test', password: 'bench-password' },
    });
    const cookie = admin.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const page1 = (await app.inject({ method: 'GET', url: '/api/explore?type=all&limit=20', headers: { cookie } })).json();
    const result = await handle.db.execute(sql`SELECT id FROM users WHERE email = 'member7@members.bench'`);
    const userId = (result as { rows: { id: string }[] }).rows[0]?.id;

    const calls: [string, string][] = [
      ['explore all, first page', '/api/explore?type=all&limit=20'],
      ['explore all, next page (cursor)', `/api/explore?type=all&limit=20&cursor=${encodeURIComponent(page1.nextCursor)}`],
      ['explore tips, country filter', '/api/explore?type=tips&country=Portugal&limit=20'],
      ['explore search "zurich"', '/api/explore?type=all&q=zurich&limit=20'],
      ['explore search "number 4242"', '/api/explore?type=all&q=number%204242&limit=20'],
      ['explore counts', '/api/explore/counts'],
      ['explore counts, search "kyoto"', '/api/explore/counts?q=kyoto'],
      ['explore countries', '/api/explore/countries'],
      ["a member's content (other view)", `/api/users/${userId}/content?type=all&limit=20`],
      ["a member's content counts", `/api/users/${userId}/content/counts`],
    ];
    console.log(
      `\n${'call'.padEnd(36)} ${'median'.padStart(9)} ${'p95'.padStart(9)} ${'max'.padStart(9)}   (ms, ${ROUNDS} rounds)`,
    );
    for (const [label, url] of calls) {
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const start = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { cookie } });
        times.push(performance.now() - start);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      }
      const s = stats(times);
      console.log(
        `${label.padEnd(36)} ${s.median.toFixed(1).padStart(9)} ${s.p95.toFixed(1).padStart(9)} ${s.max.toFixed(1).padStart(9)}`,
      );
    }
    await app.close();
  } finally {
    await handle.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
