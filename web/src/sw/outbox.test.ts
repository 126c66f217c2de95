import { describe, expect, it } from 'vitest';
import { memoryCaches } from './memory-caches';
import { OUTBOX_CACHE, putInOutbox, readOutbox, removeFromOutbox } from './outbox';

describe('the outbox (ADR 102)', () => {
  it('keeps what the page wrote, oldest first, until it is removed', async () => {
    const { caches } = memoryCaches();
    expect(await readOutbox(caches)).toEqual([]);
    await putInOutbox(caches, { type: 'refresh', memberId: 'm1', url: '/api/guides/g1' }, 2000);
    await putInOutbox(caches, { type: 'member', id: 'm1' }, 1000);
    await putInOutbox(caches, { type: 'keep-guide', memberId: 'm1', guideId: 'g1' }, 2000);
    const waiting = await readOutbox(caches);
    expect(waiting.map(({ entry }) => entry)).toEqual([
      { at: 1000, task: { type: 'member', id: 'm1' } },
      { at: 2000, task: { type: 'refresh', memberId: 'm1', url: '/api/guides/g1' } },
      { at: 2000, task: { type: 'keep-guide', memberId: 'm1', guideId: 'g1' } },
    ]);
    await removeFromOutbox(caches, waiting[0]!.key);
    expect((await readOutbox(caches)).map(({ entry }) => entry.task.type)).toEqual(['refresh', 'keep-guide']);
  });

  it('drops an entry it cannot read', async () => {
    const { caches, stores } = memoryCaches();
    await (await caches.open(OUTBOX_CACHE)).put('/__waymark/outbox/000000000000001-bad', new Response('not json'));
    expect(await readOutbox(caches)).toEqual([]);
    expect(stores.get(OUTBOX_CACHE)?.size).toBe(0);
  });
});
