import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationAction } from '@common/schemas/moderation';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';
import { ADMIN_KEYS } from './admin-keys';
import { auditLogQueryOptions } from './get-audit-log';
import { openReportCountQueryOptions } from './get-open-report-count';
import { reportCasesQueryOptions } from './get-report-cases';

/** POST /api/admin/moderation: one action; the Reports tab, its badge and the audit log refresh. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ModerationAction) => api.post<{ closedReports: number }>('/api/admin/moderation', action),
    onSettled: () =>
      refreshInBackground(
        queryClient,
        reportCasesQueryOptions().queryKey,
        openReportCountQueryOptions().queryKey,
        auditLogQueryOptions().queryKey,
        ADMIN_KEYS.users,
        ADMIN_KEYS.stats,
      ),
  });
}
