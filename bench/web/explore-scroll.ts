/**
 * npx tsx bench/web/explore-scroll.ts [--url POSTGRES_URL] [--pages 50] [--root CHECKOUT]
 *
 * Explore at 200,000 tips (issue 7, "Client"): the real server (`node --import tsx
 * server/src/server.ts`) on PostgreSQL, the built client in Debian's Chromium, signed in as the
 * bench admin. Without --url it uses the database waymark_bench_explore on BENCH_POSTGRES_URL's
 * server (default the local one), created and filled with 200,000 tips in SQL when it holds
 * fewer. --url takes any database with that many items whose admin is the bench admin, e.g. the
 * one `npm run bench:data` makes (waymark_bench_full). --root runs another checkout's server and
 * client (e.g. the commit before a change, for a side-by-side figure). Scrolls /explore with the mouse wheel through `--pages` pages and prints, at
 * pages 1, 10, 25 and 50: the cards in the DOM and the JS heap after a forced GC; and the long
 * tasks (PerformanceObserver 'longtask', > 50 ms) seen while scrolling. A benchmark, not a test:
 * the target is a DOM count and a heap that do not grow with the pages.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, type CDPSession, type Page, chromium } from 'playwright';
import { createDatabase, databaseExists, databaseUrl, withPgClient } from '@db/pg-admin';
import { ensureClientBuilt } from '../../scripts/client-build';
import { signIn, startServer } from './server';

let root = path.resolve(import.meta.dirname, '../..');
const CHECKPOINTS = [1, 10, 25, 50];
const WHEEL_STEP = 700;
const TIPS = 200_000;
/** The admin bench/data's data sets have too, so --url can point at one of them. */
const ADMIN = { email: 'admin@bench.waymark.test', password: 'bench-password' };
const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Checkpoint = { page: number; cards: number; heapMb: number; listItems: number };

/**
 * Tips by the bench admin, one a minute back in time, a tenth of them private (Explore skips
 * those); search_text as common/search.ts makes it (ASCII fields: lower case, joined by ' • ').
 */
async function fillTips(url: string): Promise<void> {
  await withPgClient(url, async (c) => {
    const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM tips');
    const missing = TIPS - (rows[0]?.n ?? 0);
    if (missing <= 0) return;
    console.log(`Inserting ${missing} tips...`);
    await c.query(
      `INSERT INTO tips (user_id, title, country, city, description, visibility, created_at, search_text)
       SELECT u.id, t.title, t.country, t.city, t.description, CASE WHEN g % 10 = 0 THEN 'private' ELSE 'public' END::content_visibility, now() - g * interval '1 minute',
              lower(concat_ws(' \u2022 ', t.title, t.city, t.country, t.description))
       FROM generate_series(1, $1::int) AS g
       CROSS JOIN LATERAL (SELECT id FROM users WHERE email = $2) AS u
       CROSS JOIN LATERAL (SELECT
         'Scroll tip ' || g AS title,
         (ARRAY['Portugal', 'Japan', 'Mexico', 'Italy', 'Morocco', 'Sweden'])[1 + g % 6] AS country,
         (ARRAY['Lisbon', 'Kyoto', 'Oaxaca', 'Naples', 'Fes', 'Stockholm'])[1 + g % 6] AS city,
         'A place worth the detour, best early in the morning before the crowds arrive.' AS description) AS t`,
      [missing, ADMIN.email],
    );
    await c.query('ANALYZE tips');
  });
}

/** Chromium's own counters (CDP Performance.getMetrics): durations in seconds, counts. */
async function browserMetrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

/** JS heap in use after a full GC, in MB. */
async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1024 / 1024;
}

type LongTasks = { durations: number[] };
const LONG_TASKS = '__longTasks';

/** Long tasks since the last call; the forced GC of a measurement is not counted as scrolling. */
async function takeLongTasks(page: Page): Promise<number[]> {
  return page.evaluate((key) => {
    const w = window as unknown as Record<string, LongTasks>;
    const taken = w[key]!.durations;
    w[key]!.durations = [];
    return taken;
  }, LONG_TASKS);
}

async function measure(page: Page, cdp: CDPSession, pageCount: number): Promise<Checkpoint> {
  await page.waitForTimeout(500); // let the last page render and images settle
  const { cards, listItems } = await page.evaluate(() => ({
    cards: document.querySelectorAll('[data-testid="content-card"]').length,
    listItems: document.querySelectorAll('[role="listitem"], li').length,
  }));
  const heapMb = await heapAfterGc(cdp);
  await page.waitForTimeout(200); // the GC's own long task is reported a little later
  await takeLongTasks(page);
  return { page: pageCount, cards, listItems, heapMb };
}

async function main() {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, pages: { type: 'string', default: '50' }, root: { type: 'string' } },
  });
  if (values.root) root = path.resolve(values.root);
  const targetPages = Number(values.pages);
  const checkpoints = CHECKPOINTS.filter((p) => p <= targetPages);
  ensureClientBuilt(root);
  const ownDatabase = 'waymark_bench_explore';
  if (!values.url && !(await databaseExists(SERVER_URL, ownDatabase))) await createDatabase(SERVER_URL, ownDatabase);
  const url = values.url ?? databaseUrl(SERVER_URL, ownDatabase);
  // The server migrates and creates the admin on its first start; the tips go in after that.
  const server = await startServer(root, ADMIN, { DATABASE_URL: url }, 'waymark-bench-scroll-');
  let browser: Browser | undefined;
  try {
    if (!values.url) await fillTips(url);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--enable-precise-memory-info'],
    });
    const cookie = await signIn(server.base, ADMIN.email, ADMIN.password);
    const [name = '', value = ''] = cookie.split('=');
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await context.addCookies([{ name, value, url: server.base }]);
    await context.addInitScript((key) => {
      const w = window as unknown as Record<string, LongTasks>;
      const tasks: LongTasks = { durations: [] };
      w[key] = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.durations.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    }, LONG_TASKS);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);

    // Distinct pages fetched (a refetch of the kept pages is not paging in).
    const cursors = new Set<string>();
    let pages = 0;
    page.on('response', (res) => {
      const at = new URL(res.url());
      if (at.pathname !== '/api/explore' || !res.ok()) return;
      cursors.add(at.searchParams.get('cursor') ?? '');
      pages = cursors.size;
    });
    await page.goto(`${server.base}/explore`);
    await page.getByTestId('content-card').first().waitFor();
    const results: Checkpoint[] = [await measure(page, cdp, pages)];
    await page.mouse.move(683, 450);
    const longTasks: number[] = [];
    await cdp.send('Performance.enable');
    const metricsBefore = await browserMetrics(cdp);

    const started = performance.now();
    const deadline = Date.now() + 15 * 60_000;
    for (const checkpoint of checkpoints.slice(1)) {
      while (pages < checkpoint) {
        if (Date.now() > deadline) throw new Error(`stuck at page ${pages}`);
        await page.mouse.wheel(0, WHEEL_STEP);
        await page.waitForTimeout(30);
      }
      longTasks.push(...(await takeLongTasks(page)));
      results.push(await measure(page, cdp, pages));
    }
    const metricsAfter = await browserMetrics(cdp);
    const delta = (key: string) => (metricsAfter[key] ?? 0) - (metricsBefore[key] ?? 0);
    const scrollSeconds = (performance.now() - started) / 1000;
    const scrollY = await page.evaluate(() => Math.round(window.scrollY));

    const counts = await withPgClient(
      url,
      async (c) =>
        (
          await c.query<{ tips: number; guides: number }>(
            'SELECT (SELECT count(*)::int FROM tips) AS tips, (SELECT count(*)::int FROM guides) AS guides',
          )
        ).rows[0],
    );
    console.log(
      `\nExplore scroll, ${root}, on ${url} (${counts?.tips} tips, ${counts?.guides} guides), Chromium 1366x900, wheel steps of ${WHEEL_STEP} px`,
    );
    console.log('page  cards in DOM  list items  JS heap after GC');
    for (const r of results) {
      console.log(
        `${String(r.page).padStart(4)}  ${String(r.cards).padStart(12)}  ${String(r.listItems).padStart(10)}  ${r.heapMb.toFixed(1).padStart(12)} MB`,
      );
    }
    const first = results[0]!;
    const last = results.at(-1)!;
    console.log(
      `heap page ${last.page} / page ${first.page}: ${(last.heapMb / first.heapMb).toFixed(2)}x; cards ${last.cards} vs ${first.cards}`,
    );
    const total = longTasks.reduce((sum, d) => sum + d, 0);
    console.log(
      `long tasks while scrolling: ${longTasks.length}, total ${total.toFixed(0)} ms, longest ${Math.max(0, ...longTasks).toFixed(0)} ms`,
    );
    console.log(
      `main thread while scrolling (with measurements): script ${(delta('ScriptDuration') * 1000).toFixed(0)} ms, ` +
        `style ${(delta('RecalcStyleDuration') * 1000).toFixed(0)} ms (${delta('RecalcStyleCount')}x), ` +
        `layout ${(delta('LayoutDuration') * 1000).toFixed(0)} ms (${delta('LayoutCount')}x), all tasks ${(delta('TaskDuration') * 1000).toFixed(0)} ms; ` +
        `DOM nodes at the end ${metricsAfter.Nodes}`,
    );
    console.log(`scrolled ${scrollY} px in ${scrollSeconds.toFixed(1)} s (including the measurements)`);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

await main();
