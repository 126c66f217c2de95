import { describe, expect, it } from 'vitest';
import type { GuideStop } from '@common/schemas/map';
import { gpxSchemaErrors, parseGpx } from '@server-test/exports/export-parsers';
import type { GuideExport } from './guide-export';
import { guideRoute } from './guide-gpx';

const stop = (number: number, latitude: number, longitude: number): GuideStop => ({
  itemId: `item-${number}`,
  number,
  title: '',
  tipId: null,
  latitude,
  longitude,
  precision: 'exact',
  mapsUrl: null,
});

function guideWith(titles: string[], longitude = 10): GuideExport {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Edge & <cases>',
    location: null,
    description: 'Line one\nline "two"',
    authorName: "O'Brien",
    pageUrl: 'http://waymark.test/view-guide/1?a=1&b=2',
    days: [
      {
        dayNumber: 1,
        items: titles.map((title, i) => ({
          itemId: `item-${i}`,
          title,
          place: null,
          description: null,
          tipId: null,
          stop: stop(i + 1, 1, longitude),
        })),
      },
    ],
  };
}

describe('guideRoute (GPX 1.1)', () => {
  it('drops what XML cannot hold and escapes the rest', async () => {
    const titles = ['a\uFFFEb', 'lone \uD800 surrogate', `quote's "double" & <tag>`, 'emoji 🗺️ ok'];
    const xml = guideRoute(guideWith(titles));
    expect(await gpxSchemaErrors(xml)).toEqual([]);
    expect(parseGpx(xml).waypoints.map((w) => w.name)).toEqual([
      'ab',
      'lone  surrogate',
      `quote's "double" & <tag>`,
      'emoji 🗺️ ok',
    ]);
  });

  it('writes longitude 180 as -180, which the schema allows', async () => {
    const xml = guideRoute(guideWith(['Date line'], 180));
    expect(await gpxSchemaErrors(xml)).toEqual([]);
    expect(parseGpx(xml).waypoints[0]?.lon).toBe(-180);
  });

  it('is caught by the schema when an element is out of order (the check works)', async () => {
    const xml = guideRoute(guideWith(['Somewhere'])).replace(/(<name>Somewhere<\/name>)(<desc>[^<]*<\/desc>)/, '$2$1');
    expect(xml).toContain('<desc>Day 1, stop 1</desc><name>Somewhere</name>');
    expect((await gpxSchemaErrors(xml)).join('\n')).toMatch(/name.*not expected/);
  });
});
