import { useMutation } from '@tanstack/react-query';
import type { ReportInput } from '@common/schemas/moderation';
import { api } from '@/lib/api-client';

/** POST /api/reports: a repeat of an open report by the same member counts once (isDuplicate). */
export function useSendReport() {
  return useMutation({
    mutationFn: (input: ReportInput) => api.post<{ isDuplicate: boolean }>('/api/reports', input),
  });
}
