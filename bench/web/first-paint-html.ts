/**
 * The server-drawn pages' HTML, compared between builds (issue 20): for each page, the HTML's
 * bytes (plain and brotli), the server's time to answer it in full (a loop of sequential fetches
 * from this process, median and p90), and Chromium's FCP and LCP (unthrottled, headless, median).
 * Each `--roots` entry is a checkout with its client built (dist/web, dist/ssr) whose own server
 * runs on a fresh embedded database with the same content; rounds alternate between them, so a
 * busy machine slows every build alike. The load average is printed with the figures.
 *
 * `tsx bench/web/first-paint-html.ts --roots /tmp/before,. [--rounds 5] [--requests 30] [--browser-runs 3]`
 */
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { photoJpeg, seedContent } from './seed-content';
import { type BenchServer, callApi, signIn, startServer } from './server';

const ADMIN = { email: 'bench-admin@waymark.test', password: 'bench-admin-password' };
const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

interface Page {
  name: string;
  url: string;
  isMember: boolean;
}

interface Site {
  root: string;
  server: BenchServer;
  cookie: string;
  pages: Page[];
}

const { values } = parseArgs({
  options: {
    roots: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    requests: { type: 'string', default: '30' },
    'browser-runs': { type: 'string', default: '3' },
  },
});
const roots = (values.roots ?? '.').split(',').map((r) => path.resolve(r));
const rounds = Number(values.rounds);
const requests = Number(values.requests);
const browserRuns = Number(values['browser-runs']);

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const median = (xs: number[]) => quantile(xs, 0.5);

async function uploadGuidePhotos(base: string, cookie: string): Promise<string[]> {
  const boundary = '----waymarkbenchguide';
  const photos = await Promise.all([7, 8].map(photoJpeg));
  const parts = photos.flatMap((data, i) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="g-${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    data,
    Buffer.from('\r\n'),
  ]);
  const res = await fetch(`${base}/api/uploads/guide-photos`, {
    method: 'POST',
    headers: { cookie, 'x-waymark-csrf': '1', 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
  });
  if (res.status !== 201) throw new Error(`guide photo upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { urls: string[] }).urls;
}

async function startSite(root: string): Promise<Site> {
  const server = await startServer(root, ADMIN);
  const cookie = await signIn(server.base, ADMIN.email, ADMIN.password);
  const { photoTipId } = await seedContent(server.base, cookie);
  const guide = await callApi<{ id: string }>(server.base, 'POST', '/api/guides', {
    cookie,
    expected: 201,
    body: {
      title: 'Three days in Lisbon',
      location: 'Lisbon',
      countries: ['Portugal'],
      description: 'Trams, tiles and custard tarts.',
      daysCount: 3,
      photoUrls: await uploadGuidePhotos(server.base, cookie),
      items: [{ dayNumber: 1, tipId: photoTipId }],
    },
  });
  const pages: Page[] = [
    { name: 'sign-in /', url: '/', isMember: false },
    { name: 'explore', url: '/explore', isMember: true },
    { name: 'tip', url: `/view-tip/${photoTipId}`, isMember: true },
    { name: 'guide', url: `/view-guide/${guide.body.id}`, isMember: true },
    { name: 'profile (not drawn)', url: '/profile', isMember: true },
  ];
  return { root, server, cookie, pages };
}

async function fetchPage(site: Site, page: Page, encoding: string) {
  const started = performance.now();
  const res = await fetch(`${site.server.base}${page.url}`, {
    headers: { 'accept-encoding': encoding, ...(page.isMember ? { cookie: site.cookie } : {}) },
  });
  const body = new Uint8Array(await res.arrayBuffer());
  return { ms: performance.now() - started, res, body };
}

/** Bytes on the wire: fetch undoes the compression, so ask for the compressed body's length another way. */
async function sizes(site: Site, page: Page) {
  const plain = await fetchPage(site, page, 'identity');
  const text = new TextDecoder().decode(plain.body);
  const { request } = await import('node:http');
  const url = new URL(`${site.server.base}${page.url}`);
  const brBytes = await new Promise<number>((resolve, reject) => {
    const req = request(
      url,
      { headers: { 'accept-encoding': 'br', ...(page.isMember ? { cookie: site.cookie } : {}) } },
      (res) => {
        let n = 0;
        res.on('data', (chunk: Buffer) => (n += chunk.length));
        res.on('end', () => resolve(n));
      },
    );
    req.on('error', reject);
    req.end();
  });
  return {
    plain: plain.body.length,
    br: brBytes,
    isDrawn: text.includes('<div id="root"><') && !text.includes('<div id="root"></div>'),
  };
}

async function paintTimes(site: Site, page: Page, browser: import('@playwright/test').Browser) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  if (page.isMember) {
    const [name, value] = site.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: site.server.base }]);
  }
  const tab = await context.newPage();
  await tab.goto(`${site.server.base}${page.url}`, { waitUntil: 'load' });
  await tab.waitForTimeout(500);
  const figures = await tab.evaluate(
    () =>
      new Promise<{ fcp: number; lcp: number }>((resolve) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve({ fcp, lcp: entries[entries.length - 1]?.startTime ?? NaN });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve({ fcp, lcp: NaN }), 1000);
      }),
  );
  await context.close();
  return figures;
}

const sites: Site[] = [];
try {
  for (const root of roots) sites.push(await startSite(root));
  const times = new Map<string, number[]>();
  const paints = new Map<string, { fcp: number[]; lcp: number[] }>();
  const loads: number[] = [];
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROME_ARGS });
  for (let round = 0; round < rounds; round++) {
    loads.push(loadavg()[0]!);
    // Alternate which build goes first.
    const order = round % 2 === 0 ? sites : [...sites].reverse();
    for (const site of order) {
      for (const page of site.pages) {
        const key = `${site.root}\t${page.name}`;
        const list = times.get(key) ?? [];
        await fetchPage(site, page, 'br'); // warm
        for (let i = 0; i < requests; i++) list.push((await fetchPage(site, page, 'br')).ms);
        times.set(key, list);
        if (round < browserRuns) {
          const paint = paints.get(key) ?? { fcp: [], lcp: [] };
          const { fcp, lcp } = await paintTimes(site, page, browser);
          paint.fcp.push(fcp);
          paint.lcp.push(lcp);
          paints.set(key, paint);
        }
      }
    }
  }
  await browser.close();
  console.log(`load average during rounds: ${loads.map((l) => l.toFixed(1)).join(', ')} on ${cpus().length} cores`);
  console.log('| build | page | drawn | HTML bytes | brotli bytes | answer ms median | p90 | FCP ms | LCP ms |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const site of sites) {
    for (const page of site.pages) {
      const key = `${site.root}\t${page.name}`;
      const size = await sizes(site, page);
      const list = times.get(key) ?? [];
      const paint = paints.get(key) ?? { fcp: [], lcp: [] };
      console.log(
        `| ${site.root} | ${page.name} | ${size.isDrawn ? 'yes' : 'no'} | ${size.plain} | ${size.br} | ${median(list).toFixed(1)} | ${quantile(list, 0.9).toFixed(1)} | ${median(paint.fcp).toFixed(0)} | ${median(paint.lcp).toFixed(0)} |`,
      );
    }
  }
} finally {
  for (const site of sites) await site.server.stop();
}
