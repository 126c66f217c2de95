import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitationDecisionResult } from '@common/schemas/invitation';
import { api } from '@/lib/api-client';
import { invitationsQueryOptions } from './get-invitations';
import { outboxQueryOptions } from './get-outbox';

export function approveInvitation(id: string) {
  return api.post<InvitationDecisionResult>(`/api/admin/invitations/${encodeURIComponent(id)}/approve`);
}

export function useApproveInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveInvitation,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invitationsQueryOptions().queryKey }),
        // Approval e-mails the signup link, which lands in the outbox.
        queryClient.invalidateQueries({ queryKey: outboxQueryOptions().queryKey }),
      ]),
  });
}
