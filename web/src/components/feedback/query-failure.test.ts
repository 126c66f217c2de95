import { describe, expect, it } from 'vitest';
import { type FailableQuery, hasQueryFailed } from './query-failure';

const query = (overrides: Partial<FailableQuery>): FailableQuery => ({
  data: undefined,
  error: null,
  isError: false,
  fetchStatus: 'idle',
  refetch: () => undefined,
  ...overrides,
});

describe('hasQueryFailed (issue 19: a failed load is not an empty list)', () => {
  it('a failed query with nothing to show has failed', () => {
    expect(hasQueryFailed(query({ isError: true, error: new Error('x') }))).toBe(true);
  });
  it('a query paused for the network with nothing to show has failed (offline)', () => {
    expect(hasQueryFailed(query({ fetchStatus: 'paused' }))).toBe(true);
  });
  it('data already shown stays shown when a refetch fails or waits', () => {
    expect(hasQueryFailed(query({ isError: true, data: { pages: [] } }))).toBe(false);
    expect(hasQueryFailed(query({ fetchStatus: 'paused', data: [] }))).toBe(false);
  });
  it('loading or loaded is not a failure, even when empty', () => {
    expect(hasQueryFailed(query({ fetchStatus: 'fetching' }))).toBe(false);
    expect(hasQueryFailed(query({ data: [] }))).toBe(false);
  });
});
