import type { QueryClient } from '@tanstack/react-query';

/**
 * Runs `run` once none of this tab's mutations is in flight. A member's own request can end their
 * session and answer with a new one (a password change ends every session, this one included, and
 * sets a fresh cookie): the stream's `session-ended` can arrive before that answer, and asking who
 * is signed in then would use the old cookie and sign the member out (ADR 034).
 */
export function afterMutationsSettle(queryClient: QueryClient, run: () => void): void {
  if (queryClient.isMutating() === 0) {
    run();
    return;
  }
  const unsubscribe = queryClient.getMutationCache().subscribe(() => {
    if (queryClient.isMutating() > 0) return;
    unsubscribe();
    run();
  });
}
