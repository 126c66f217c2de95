import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitationDecisionResult } from '@common/schemas/invitation';
import { api } from '@/lib/api-client';
import { invitationsQueryOptions } from './get-invitations';
import { outboxQueryOptions } from './get-outbox';
import { refreshInBackground } from '@/lib/query-client';
import { ADMIN_KEYS } from './admin-keys';

export function approveInvitation(id: string) {
  return api.post<InvitationDecisionResult>(`/api/admin/invitations/${encodeURIComponent(id)}/approve`);
}

export function useApproveInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveInvitation,
    // Approval e-mails the signup link, which lands in the outbox.
    onSettled: () =>
      refreshInBackground(
        queryClient,
        invitationsQueryOptions().queryKey,
        outboxQueryOptions().queryKey,
        ADMIN_KEYS.pendingActivations,
        ADMIN_KEYS.stats,
      ),
  });
}
