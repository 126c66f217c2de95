import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OtherSessionsEnded } from '@common/schemas/sessions';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';
import { SESSIONS_QUERY_KEY } from './get-sessions';

/** POST /api/auth/sessions/sign-out-others: every session but this one ends; how many did. */
export function signOutOtherSessions() {
  return api.post<OtherSessionsEnded>('/api/auth/sessions/sign-out-others');
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSettled: () => refreshInBackground(queryClient, SESSIONS_QUERY_KEY),
  });
}
