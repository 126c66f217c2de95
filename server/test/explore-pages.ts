/** Explore's search followed page by page, as the client follows nextCursor. */
import { expect } from 'vitest';
import type { ContentCard } from '@common/schemas/content';
import type { TestApp } from './test-app';

/** The ids of up to `maxPages` pages of `q`, `limit` a page, as the member with `cookie` sees them. */
export async function explorePages(t: TestApp, cookie: string, q: string, limit: number, maxPages = 100): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < maxPages; n++) {
    const res = await t.call('GET', `/api/explore?q=${q}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const page: { items: ContentCard[]; nextCursor: string | null } = res.json();
    ids.push(...page.items.map((c) => c.id));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return ids;
}
