import { useMutation } from '@tanstack/react-query';
import { fetchExportFile, saveExportFile } from './export-file';

/** GET /api/guides/:id/route.gpx: the guide's placed items as waypoints and daily routes. */
export const routeUrl = (guideId: string) => `/api/guides/${encodeURIComponent(guideId)}/route.gpx`;

export function useDownloadRoute(guideId: string) {
  return useMutation({ mutationFn: async () => saveExportFile(await fetchExportFile(routeUrl(guideId))) });
}
