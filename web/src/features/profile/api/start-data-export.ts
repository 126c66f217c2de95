import { useMutation } from '@tanstack/react-query';
import type { DataExportStart } from '@common/schemas/data-export';
import { api } from '@/lib/api-client';

/** POST /api/account/export: 201 with the one-minute URL the browser downloads the zip from (ADR 080). */
export function startDataExport() {
  return api.post<DataExportStart>('/api/account/export');
}

export function useStartDataExport() {
  return useMutation({ mutationFn: startDataExport });
}

/**
 * Hands the zip to the browser's own download: it streams to disk as the server writes it,
 * never through JavaScript memory (no Blob), and the page stays where it is.
 */
export function downloadFile({ url, fileName }: DataExportStart): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
