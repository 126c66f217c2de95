/**
 * The guide as an iCalendar file (RFC 5545, ADR 066): one all-day event per day, from the
 * trip's first day on. ical-generator writes the file (escaping, line folding, CRLF); this
 * module only says what goes in it.
 */
import ical, { ICalCalendarMethod, ICalEventTransparency } from 'ical-generator';
import { stopMapsLink } from '@common/schemas/guide-export';
import { GUIDE_TEXTS } from '@common/schemas/guide';
import { PRODUCT_NAME } from '@common/texts';
import type { ExportItem } from '@common/guide-export-days';
import type { GuideExport } from './guide-export';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One line per item: its number, title, place and maps link. Lone CRs become line feeds. */
function itemLines(item: ExportItem, position: number): string[] {
  const lines = [`${position}. ${item.title}`];
  if (item.place) lines.push(`   ${item.place}`);
  if (item.stop) lines.push(`   ${stopMapsLink(item.stop)}`);
  return lines;
}

export function dayDescription(items: ExportItem[], pageUrl: string): string {
  const list = items.length === 0 ? [GUIDE_TEXTS.emptyDay] : items.flatMap((item, i) => itemLines(item, i + 1));
  return [...list, '', `${PRODUCT_NAME}: ${pageUrl}`].join('\n').replace(/\r\n?/g, '\n');
}

/**
 * `start` is the UTC midnight of the first day. Dates are DATE values (no time, no time zone):
 * an all-day event is the same calendar day wherever the traveler is. UIDs are stable per guide
 * and day, so importing the file again updates the days instead of doubling them.
 */
export function guideCalendar(guide: GuideExport, start: Date, host: string): string {
  const calendar = ical({
    name: guide.title,
    prodId: { company: PRODUCT_NAME, product: 'Guide export', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  for (const day of guide.days) {
    const date = new Date(start.getTime() + (day.dayNumber - 1) * DAY_MS);
    calendar.createEvent({
      id: `guide-${guide.id}-day-${day.dayNumber}@${host}`,
      allDay: true,
      start: date,
      end: new Date(date.getTime() + DAY_MS),
      summary: `Day ${day.dayNumber}: ${guide.title}`,
      description: dayDescription(day.items, guide.pageUrl),
      location: guide.location,
      url: guide.pageUrl,
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  return calendar.toString();
}
