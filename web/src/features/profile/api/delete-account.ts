import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forgetMemberData } from '@/sw/client';

/** DELETE /api/account: 204; everything of the member goes (docs/product.md#deleting-an-account) and the cookie is cleared. */
export function deleteAccount() {
  return api.delete<void>('/api/account');
}

/** The caller drops the cache and leaves the member area once it has navigated away. */
export function useDeleteAccount() {
  // The device's offline copy goes with the account (ADR 071).
  return useMutation({ mutationFn: deleteAccount, onSuccess: () => forgetMemberData() });
}
