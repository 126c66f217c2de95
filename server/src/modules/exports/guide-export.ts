/** What the calendar and the route are drawn from: the part of a guide its viewer may see. */
import type { ExportDay } from '@common/guide-export-days';

export interface GuideExport {
  id: string;
  title: string;
  location: string | null;
  description: string | null;
  authorName: string;
  /** The guide's page in Waymark. */
  pageUrl: string;
  /** Every day of the guide, empty days included, each with its items in itinerary order. */
  days: ExportDay[];
}
