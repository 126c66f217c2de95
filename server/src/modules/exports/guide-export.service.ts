/**
 * Exports of a guide (issue 23, ADR 066): the calendar (.ics) and the GPS route (.gpx). Both
 * are drawn from what the viewer may see of the guide, so they follow the guide's own rules
 * (docs/product.md#who-may-do-what): another member's private guide is 404, and another member's private tip in a guide is
 * left out entirely (the page shows a placeholder; a file has no use for one).
 */
import { exportDays } from '@common/guide-export-days';
import { type CalendarQuery, dayOf, exportFileName } from '@common/schemas/guide-export';
import { MEMBER_FALLBACK_NAME } from '@common/texts';
import type { GuidesService } from '../guides/guides.service';
import type { GuideMapService } from '../maps/guide-map.service';
import { guideCalendar } from './guide-calendar';
import type { GuideExport } from './guide-export';
import { guideRoute } from './guide-gpx';

export interface ExportViewer {
  userId: string;
  isAdmin: boolean;
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: string;
}

export function createGuideExportService(deps: { guides: GuidesService; guideMap: GuideMapService; publicUrl: string }) {
  const { guides, guideMap, publicUrl } = deps;

  /** The guide as the viewer may see it (404 as GET /api/guides/:id, admins included), with its stops. */
  async function exportOf(viewer: ExportViewer, id: string): Promise<GuideExport> {
    const guide = await guides.get(viewer.userId, id, viewer.isAdmin);
    const map = await guideMap.guideMap(viewer.userId, id, viewer.isAdmin);
    return {
      id: guide.id,
      title: guide.title,
      location: guide.location,
      description: guide.description,
      authorName: guide.author.name ?? guide.author.username ?? MEMBER_FALLBACK_NAME,
      pageUrl: `${publicUrl}/view-guide/${guide.id}`,
      days: exportDays(guide, map),
    };
  }

  async function calendar(viewer: ExportViewer, id: string, query: CalendarQuery): Promise<ExportFile> {
    const guide = await exportOf(viewer, id);
    // The query schema has checked the day already.
    const start = dayOf(query.start) ?? new Date();
    return {
      fileName: exportFileName(guide.title, 'ics'),
      contentType: 'text/calendar; charset=utf-8',
      body: guideCalendar(guide, start, new URL(publicUrl).hostname),
    };
  }

  async function route(viewer: ExportViewer, id: string): Promise<ExportFile> {
    const guide = await exportOf(viewer, id);
    return {
      fileName: exportFileName(guide.title, 'gpx'),
      contentType: 'application/gpx+xml; charset=utf-8',
      body: guideRoute(guide),
    };
  }

  return { calendar, route };
}

export type GuideExportService = ReturnType<typeof createGuideExportService>;
