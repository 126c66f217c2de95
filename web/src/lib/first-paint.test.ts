import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_MAX_AGE_MS } from '@common/first-paint';
import { firstPaintStore } from './first-paint';

const inlined = JSON.stringify({ '/api/explore?limit=12': { items: [{ id: 'a' }], nextCursor: null } });

describe('firstPaintStore', () => {
  it('answers an inlined URL once, then leaves it to the server', () => {
    const { take } = firstPaintStore(
      () => inlined,
      () => 100,
    );
    expect(take('/api/explore?limit=12')).toEqual({ body: { items: [{ id: 'a' }], nextCursor: null } });
    expect(take('/api/explore?limit=12')).toBeUndefined();
    expect(take('/api/explore?limit=12&q=x')).toBeUndefined();
  });

  it('reads the page once, and not before the first request', () => {
    let reads = 0;
    const { take } = firstPaintStore(
      () => {
        reads += 1;
        return inlined;
      },
      () => 0,
    );
    expect(reads).toBe(0);
    take('/api/tips/x');
    take('/api/explore?limit=12');
    expect(reads).toBe(1);
  });

  it('gives nothing once the page is older than the limit, or when the script is missing or broken', () => {
    expect(
      firstPaintStore(
        () => inlined,
        () => FIRST_PAINT_MAX_AGE_MS + 1,
      ).take('/api/explore?limit=12'),
    ).toBeUndefined();
    expect(
      firstPaintStore(
        () => null,
        () => 0,
      ).take('/api/explore?limit=12'),
    ).toBeUndefined();
    expect(
      firstPaintStore(
        () => '{"/api/explore?limit=12":',
        () => 0,
      ).take('/api/explore?limit=12'),
    ).toBeUndefined();
  });

  it("hands every response out at once for hydration, whatever the page's age, and then none by URL", () => {
    const two = JSON.stringify({ '/api/auth/me': { id: 'u' }, '/api/tips/t': { id: 't' } });
    const store = firstPaintStore(
      () => two,
      () => FIRST_PAINT_MAX_AGE_MS + 1,
    );
    expect(store.takeAll()).toEqual({ '/api/auth/me': { id: 'u' }, '/api/tips/t': { id: 't' } });
    expect(store.takeAll()).toEqual({});
    expect(store.take('/api/tips/t')).toBeUndefined();
  });
});
