import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitationDecisionResult } from '@common/schemas/invitation';
import { api } from '@/lib/api-client';
import { invitationsQueryOptions } from './get-invitations';
import { refreshInBackground } from '@/lib/query-client';
import { ADMIN_KEYS } from './admin-keys';

export function rejectInvitation(id: string) {
  return api.post<InvitationDecisionResult>(`/api/admin/invitations/${encodeURIComponent(id)}/reject`);
}

export function useRejectInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectInvitation,
    onSettled: () => refreshInBackground(queryClient, invitationsQueryOptions().queryKey, ADMIN_KEYS.stats),
  });
}
