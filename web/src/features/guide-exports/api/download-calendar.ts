import { useMutation } from '@tanstack/react-query';
import { fetchExportFile, saveExportFile } from './export-file';

/** GET /api/guides/:id/calendar.ics: the guide's days as all-day events from `start` (YYYY-MM-DD). */
export const calendarUrl = (guideId: string, start: string) =>
  `/api/guides/${encodeURIComponent(guideId)}/calendar.ics?start=${encodeURIComponent(start)}`;

export function useDownloadCalendar(guideId: string) {
  return useMutation({
    mutationFn: async (start: string) => saveExportFile(await fetchExportFile(calendarUrl(guideId, start))),
  });
}
