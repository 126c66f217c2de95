import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/api/get-me';
import { forgetMemberData } from '@/sw/client';

export function signOut() {
  return api.post<void>('/api/auth/sign-out');
}

/** Whatever the server answers, the local session state is dropped: the user asked to leave. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
      queryClient.setQueryData(ME_QUERY_KEY, null);
      // The device's offline copy goes with the session (ADR 071).
      await forgetMemberData();
    },
  });
}
