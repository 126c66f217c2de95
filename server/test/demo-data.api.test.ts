/**
 * Issue 21: `npm run seed:demo` wrote tips and guides without their search text, so Explore's
 * search found none of them ("Kyoto" found nothing while Japan had four items).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ContentCard } from '@common/schemas/content';
import { seedDemoData } from '../../scripts/demo-data';
import { type TestApp, createTestApp } from './test-app';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoData(t.db)).toBe(true);
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

it('seeds once', async () => {
  expect(await seedDemoData(t.db)).toBe(false);
});
