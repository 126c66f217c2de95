/**
 * The guide as a GPX 1.1 file (ADR 066): a waypoint for each placed item, one route per day with
 * placed items, in itinerary order. Written by hand: the shape is small and fixed, and the
 * elements must come in the order the GPX 1.1 schema's sequences give (tested against it).
 */
import { stopMapsLink } from '@common/schemas/guide-export';
import type { GuideStop } from '@common/schemas/map';
import { PRODUCT_NAME } from '@common/texts';
import type { ExportItem } from '@common/guide-export-days';
import type { GuideExport } from './guide-export';

type Placed = ExportItem & { stop: GuideStop };

// Characters XML 1.0 does not allow (controls other than tab and line breaks, lone surrogates, U+FFFE/F).
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export const xmlText = (value: string) => value.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

const element = (name: string, value: string | null | undefined) => (value ? `<${name}>${xmlText(value)}</${name}>` : '');
const link = (href: string, text: string) => `<link href="${xmlText(href)}"><text>${xmlText(text)}</text></link>`;

/** The schema's longitudeType is -180 <= lon < 180. */
const lonOf = (stop: GuideStop) => (stop.longitude >= 180 ? stop.longitude - 360 : stop.longitude);
const point = (stop: GuideStop) => `lat="${stop.latitude.toFixed(6)}" lon="${lonOf(stop).toFixed(6)}"`;

/** wptType's children in schema order: name, cmt, desc, link. */
function waypoint(tag: 'wpt' | 'rtept', item: Placed, dayNumber: number) {
  const where = `Day ${dayNumber}, stop ${item.stop.number}`;
  const children = [
    element('name', item.title),
    element('cmt', item.place),
    element('desc', item.place ? `${where}: ${item.place}` : where),
    link(stopMapsLink(item.stop), 'Maps link'),
  ];
  return `<${tag} ${point(item.stop)}>${children.join('')}</${tag}>`;
}

function bounds(items: Placed[]) {
  if (items.length === 0) return '';
  const lats = items.map((i) => i.stop.latitude);
  const lons = items.map((i) => lonOf(i.stop));
  const [minlat, maxlat] = [Math.min(...lats), Math.max(...lats)];
  const [minlon, maxlon] = [Math.min(...lons), Math.max(...lons)];
  return `<bounds minlat="${minlat.toFixed(6)}" minlon="${minlon.toFixed(6)}" maxlat="${maxlat.toFixed(6)}" maxlon="${maxlon.toFixed(6)}"/>`;
}

export function guideRoute(guide: GuideExport, now = new Date()): string {
  const days = guide.days.map((day) => ({
    dayNumber: day.dayNumber,
    placed: day.items.filter((item): item is Placed => item.stop !== undefined),
  }));
  const all = days.flatMap((d) => d.placed);
  // metadataType's children in schema order: name, desc, author, link, time, bounds.
  const metadata = [
    element('name', guide.title),
    element('desc', guide.description),
    `<author>${element('name', guide.authorName)}</author>`,
    link(guide.pageUrl, `${guide.title} on ${PRODUCT_NAME}`),
    element('time', now.toISOString()),
    bounds(all),
  ];
  const waypoints = days.flatMap((d) => d.placed.map((item) => waypoint('wpt', item, d.dayNumber)));
  // rteType's children in schema order: name, number, then rtept*.
  const routes = days
    .filter((d) => d.placed.length > 0)
    .map(
      (d) =>
        `<rte>${element('name', `Day ${d.dayNumber}: ${guide.title}`)}<number>${d.dayNumber}</number>` +
        `${d.placed.map((item) => waypoint('rtept', item, d.dayNumber)).join('\n')}</rte>`,
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<gpx version="1.1" creator="${PRODUCT_NAME}" xmlns="http://www.topografix.com/GPX/1/1" ` +
      'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
      'xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">',
    `<metadata>${metadata.join('')}</metadata>`,
    ...waypoints,
    ...routes,
    '</gpx>',
    '',
  ].join('\n');
}
