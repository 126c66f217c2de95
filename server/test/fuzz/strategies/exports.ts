/** A guide's exports (issue 23): files, not JSON, so a success is checked by its type and shape. */
import fc from 'fast-check';
import type { Strategies } from '../strategy';
import { idOf } from './helpers';

const download =
  (contentType: string, opening: RegExp) => (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
    if (String(res.headers['content-type']) !== contentType) return `export answered ${String(res.headers['content-type'])}`;
    if (!String(res.headers['content-disposition']).startsWith('attachment; filename="')) return 'export is no attachment';
    return opening.test(res.body) ? null : `export body starts ${res.body.slice(0, 80)}`;
  };

export const EXPORTS: Strategies = {
  'GET /api/guides/:id/calendar.ics': {
    group: 'content',
    tables: [],
    params: { id: idOf('guides') },
    // Real days, edge days (leap day, year bounds) and near-misses.
    query: {
      start: fc.oneof(
        fc
          .date({ min: new Date('1900-01-01'), max: new Date('2199-12-01'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
        fc.constantFrom(
          '2028-02-29',
          '2027-02-29',
          '2026-13-01',
          '2026-00-10',
          '1899-12-31',
          '2200-01-01',
          ' 2026-12-30',
          '2026-12-30T10:00',
        ),
      ),
    },
    check2xx: download('text/calendar; charset=utf-8', /^BEGIN:VCALENDAR\r\n/),
  },
  'GET /api/guides/:id/route.gpx': {
    group: 'content',
    tables: [],
    params: { id: idOf('guides') },
    check2xx: download('application/gpx+xml; charset=utf-8', /^<\?xml version="1.0" encoding="UTF-8"\?>\n<gpx /),
  },
};
