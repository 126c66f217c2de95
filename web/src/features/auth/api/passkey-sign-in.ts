import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@common/schemas/auth';
import type { WebAuthnOptions } from '@common/schemas/passkey';
import { api } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/api/get-me';
import { getPasskeyAssertion } from '@/lib/webauthn';

/**
 * Signing in with a passkey (ADR 077): the server's challenge (kept in an HttpOnly cookie), the
 * browser's prompt, then POST /api/auth/passkey-sign-in: 200 the member, as the password sign-in
 * answers; 400 when the passkey is unknown or could not be verified; 429 too many tries.
 */
export async function signInWithPasskey(): Promise<CurrentUser> {
  const options = await api.post<WebAuthnOptions>('/api/auth/passkey-sign-in/options');
  const response = await getPasskeyAssertion(options);
  return api.post<CurrentUser>('/api/auth/passkey-sign-in', { response });
}

export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: (user) => queryClient.setQueryData(ME_QUERY_KEY, user),
  });
}
