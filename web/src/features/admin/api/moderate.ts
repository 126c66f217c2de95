import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationAction } from '@common/schemas/moderation';
import { postModeration } from '@/lib/api/post-moderation';
import { refreshInBackground } from '@/lib/query-client';
import { ADMIN_KEYS } from './admin-keys';
import { auditLogQueryOptions } from './get-audit-log';
import { handledReportsQueryOptions } from './get-handled-reports';
import { openReportCountQueryOptions } from './get-open-report-count';
import { reportCasesQueryOptions } from './get-report-cases';

/** POST /api/admin/moderation: one action; the Reports tab (open and handled), its badge and the audit log refresh. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ModerationAction) => postModeration(action),
    onSettled: () =>
      refreshInBackground(
        queryClient,
        reportCasesQueryOptions().queryKey,
        handledReportsQueryOptions().queryKey,
        openReportCountQueryOptions().queryKey,
        auditLogQueryOptions().queryKey,
        ADMIN_KEYS.users,
        ADMIN_KEYS.stats,
      ),
  });
}
