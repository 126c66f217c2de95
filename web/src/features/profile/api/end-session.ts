import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';
import { SESSIONS_QUERY_KEY } from './get-sessions';

/** DELETE /api/auth/sessions/:id: 204; 404 when it is not the caller's (or ended already). */
export function endSession(id: string) {
  return api.delete<void>(`/api/auth/sessions/${encodeURIComponent(id)}`);
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    // Refused or not, the list shows what is live now.
    onSettled: () => refreshInBackground(queryClient, SESSIONS_QUERY_KEY),
  });
}
