import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /api/account: 204; everything of the member goes (D10) and the cookie is cleared. */
export function deleteAccount() {
  return api.delete<void>('/api/account');
}

/** The caller drops the cache and leaves the member area once it has navigated away. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
