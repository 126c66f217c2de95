import { ME_QUERY_KEY } from '@/lib/api/get-me';
import { createQueryClient } from '@/lib/query-client';

/**
 * The app's one query cache, at module level so route loaders can start a screen's request while
 * its chunk is still downloading (router.tsx).
 */
export const queryClient = createQueryClient({
  // A 401 anywhere means the session is gone: the guards then send the visitor to sign-in.
  // A failed sign-in is also a 401 but the visitor is signed out already, so this is harmless.
  onUnauthorized: (client) => client.setQueryData(ME_QUERY_KEY, null),
});
