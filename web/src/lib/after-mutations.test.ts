import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { afterMutationsSettle } from './after-mutations';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('afterMutationsSettle', () => {
  it('runs at once when nothing is in flight', () => {
    const run = vi.fn();
    afterMutationsSettle(new QueryClient(), run);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits for an in-flight mutation (a password change) to answer, then runs once', async () => {
    const queryClient = new QueryClient();
    const answer = deferred();
    const mutation = queryClient.getMutationCache().build(queryClient, { mutationFn: () => answer.promise });
    const done = mutation.execute(undefined);
    const run = vi.fn();
    afterMutationsSettle(queryClient, run);
    expect(run).not.toHaveBeenCalled();
    answer.resolve();
    await done;
    expect(run).toHaveBeenCalledTimes(1);
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => Promise.resolve() })
      .execute(undefined);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
