import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPreferences } from '@common/schemas/notification-preferences';
import { api } from '@/lib/api-client';

export const PREFERENCES_QUERY_KEY = ['notifications', 'preferences'] as const;

/** GET /api/notifications/preferences: every kind's choice, defaults included (ADR 090). */
export function getPreferences(): Promise<NotificationPreferences> {
  return api.get<NotificationPreferences>('/api/notifications/preferences');
}

export const preferencesQueryOptions = () => queryOptions({ queryKey: PREFERENCES_QUERY_KEY, queryFn: getPreferences });

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}
