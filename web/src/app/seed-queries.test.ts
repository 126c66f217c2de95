import { describe, expect, it } from 'vitest';
import { ME_QUERY_KEY } from '@/lib/api/get-me';
import { UNFILTERED, exploreQueryOptions } from '@/features/content/api/get-explore';
import { firstPageParam } from '@/features/content/api/windowed-pages';
import { guideQueryKey } from '@/features/guides/api/get-guide';
import { tipQueryKey } from '@/features/tips/api/get-tip';
import { createQueryClient } from '@/lib/query-client';
import { seedQueries } from './seed-queries';

describe('seedQueries', () => {
  it("puts each inlined response under its hook's key and returns the URLs it does not know", () => {
    const client = createQueryClient();
    const unknown = seedQueries(client, {
      '/api/auth/me': { id: 'u1' },
      '/api/tips/a%20b': { id: 'a b' },
      '/api/guides/g1': { id: 'g1' },
      '/api/explore?limit=12': { items: [], nextCursor: 'c1' },
      '/api/explore?q=porto&limit=12': { items: [], nextCursor: null },
    });
    expect(client.getQueryData(ME_QUERY_KEY)).toEqual({ id: 'u1' });
    expect(client.getQueryData(tipQueryKey('a b'))).toEqual({ id: 'a b' });
    expect(client.getQueryData(guideQueryKey('g1'))).toEqual({ id: 'g1' });
    // Explore's unfiltered first page becomes the first page of its infinite query; a filtered one is not guessed.
    expect(client.getQueryData(exploreQueryOptions(UNFILTERED).queryKey)).toEqual({
      pages: [{ items: [], nextCursor: 'c1' }],
      pageParams: [firstPageParam],
    });
    expect(unknown).toEqual(['/api/explore?q=porto&limit=12']);
  });
});
