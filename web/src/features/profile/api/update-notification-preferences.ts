import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreference, NotificationPreferences } from '@common/schemas/notification-preferences';
import { api } from '@/lib/api-client';
import { PREFERENCES_QUERY_KEY } from './get-notification-preferences';

/** PUT /api/notifications/preferences with the changed kinds; answers every kind's choice. */
export function updatePreferences(preferences: NotificationPreference[]): Promise<NotificationPreferences> {
  return api.put<NotificationPreferences>('/api/notifications/preferences', { preferences });
}

/** Shown at once; the server's answer replaces it, a refusal puts the previous choices back. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onMutate: async (changed) => {
      await queryClient.cancelQueries({ queryKey: PREFERENCES_QUERY_KEY });
      const previous = queryClient.getQueryData<NotificationPreferences>(PREFERENCES_QUERY_KEY);
      if (previous) {
        const byKind = new Map(changed.map((p) => [p.kind, p]));
        queryClient.setQueryData<NotificationPreferences>(PREFERENCES_QUERY_KEY, {
          preferences: previous.preferences.map((p) => byKind.get(p.kind) ?? p),
        });
      }
      return { previous };
    },
    onError: (_error, _changed, context) => {
      if (context?.previous) queryClient.setQueryData(PREFERENCES_QUERY_KEY, context.previous);
    },
    onSuccess: (answer) => queryClient.setQueryData(PREFERENCES_QUERY_KEY, answer),
  });
}
