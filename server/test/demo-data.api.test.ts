/**
 * Issue 21: `npm run seed:demo` wrote tips and guides without their search text, so Explore's
 * search found none of them ("Kyoto" found nothing while Japan had four items).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ContentCard } from '@common/schemas/content';
import { seedDemoData } from '../../scripts/demo-data';
import { type TestApp, createTestApp } from './test-app';
import { testGazetteer } from './test-gazetteer';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoData(t.db, testGazetteer)).toBe(true);
  cookie = (await t.createMember('user', 'Sophie Searcher')).cookie;
});
afterAll(() => t?.close());

const search = async (q: string) => {
  const res = await t.call('GET', `/api/explore?q=${encodeURIComponent(q)}`, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: ContentCard[] }>().items.map((c) => c.title);
};

it('finds the demo content through the explore search', async () => {
  expect((await search('Kyoto')).sort()).toEqual(['Fushimi Inari at night', 'Three days in Kyoto and Tokyo']);
  expect(await search('japan')).toHaveLength(3);
  expect(await search('bifana')).toEqual(['Bifana at Conga']);
});

it('places the demo tips of known cities on the map', async () => {
  const res = await t.call('GET', '/api/map/tips?west=-180&south=-85&east=180&north=85&zoom=1', { cookie });
  // The test gazetteer knows Porto, Kyoto and Tokyo of the demo's cities, not Fjällbacka.
  expect(res.json<{ total: number }>().total).toBe(3);
});

it('seeds once', async () => {
  expect(await seedDemoData(t.db)).toBe(false);
});
