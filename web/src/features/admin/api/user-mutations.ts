import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@common/schemas/admin';
import type { Role } from '@common/schemas/auth';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';
import { ADMIN_KEYS } from './admin-keys';
import { outboxQueryOptions } from './get-outbox';
import { invitationsQueryOptions } from './get-invitations';

const id = (value: string) => encodeURIComponent(value);

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      api.patch<AdminUser>(`/api/admin/users/${id(userId)}/role`, { role }),
    onSettled: () => refreshInBackground(queryClient, ADMIN_KEYS.users, ADMIN_KEYS.stats),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete<void>(`/api/admin/users/${id(userId)}`),
    onSettled: () => refreshInBackground(queryClient, ADMIN_KEYS.users, ADMIN_KEYS.stats),
  });
}

export function useResendActivation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activationId: string) =>
      api.post<{ isEmailSent: boolean }>(`/api/admin/pending-activations/${id(activationId)}/resend`),
    onSettled: () => refreshInBackground(queryClient, outboxQueryOptions().queryKey),
  });
}

export function useDeleteActivation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activationId: string) => api.delete<void>(`/api/admin/pending-activations/${id(activationId)}`),
    onSettled: () => refreshInBackground(queryClient, ADMIN_KEYS.pendingActivations, ADMIN_KEYS.stats),
  });
}

export function useDeleteInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => api.delete<void>(`/api/admin/invitations/${id(invitationId)}`),
    onSettled: () =>
      refreshInBackground(queryClient, invitationsQueryOptions().queryKey, ADMIN_KEYS.pendingActivations, ADMIN_KEYS.stats),
  });
}
