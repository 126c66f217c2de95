import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PasskeyList } from '@common/schemas/passkey';
import { api } from '@/lib/api-client';

export const PASSKEYS_QUERY_KEY = ['passkeys'] as const;

/** GET /api/auth/passkeys: the member's own passkeys, oldest first (at most 20, so one page). */
export function listPasskeys() {
  return api.get<PasskeyList>('/api/auth/passkeys');
}

export const passkeysQueryOptions = () => queryOptions({ queryKey: PASSKEYS_QUERY_KEY, queryFn: listPasskeys });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}
