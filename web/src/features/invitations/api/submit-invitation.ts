import { useMutation } from '@tanstack/react-query';
import type { InvitationRequest } from '@common/schemas/invitation';
import { api } from '@/lib/api-client';

export function submitInvitation(input: InvitationRequest) {
  return api.post<{ ok: true }>('/api/invitations', input);
}

export function useSubmitInvitation() {
  return useMutation({ mutationFn: submitInvitation });
}
