import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Passkey, PasskeyRegistrationOptions, WebAuthnOptions } from '@common/schemas/passkey';
import { api } from '@/lib/api-client';
import { createPasskeyCredential } from '@/lib/webauthn';
import { PASSKEYS_QUERY_KEY } from './list-passkeys';

/**
 * Adding a passkey: the server's options for the confirmed password (400 'Current password is
 * incorrect'; its challenge kept in an HttpOnly cookie), the browser's prompt, then POST
 * /api/auth/passkeys with the answer: 201 the new passkey; 400 when it could not be verified or
 * the challenge expired.
 */
export async function addPasskey(input: PasskeyRegistrationOptions): Promise<Passkey> {
  const options = await api.post<WebAuthnOptions>('/api/auth/passkeys/registration-options', input);
  const response = await createPasskeyCredential(options);
  return api.post<Passkey>('/api/auth/passkeys', { response });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
  });
}
