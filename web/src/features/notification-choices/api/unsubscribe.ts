import { useMutation } from '@tanstack/react-query';
import type { NotificationKind } from '@common/schemas/notification-preferences';
import { api } from '@/lib/api-client';

/** POST /api/unsubscribe?token=: the e-mail's signed link turns e-mails off; no sign-in (ADR 090). */
export function unsubscribe(token: string): Promise<{ kinds: NotificationKind[] }> {
  return api.post<{ kinds: NotificationKind[] }>(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
