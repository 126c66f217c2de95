/**
 * GET /api/guides/:id/map (issue 22): each day's stops in itinerary order, numbered 1, 2, ...
 * among the day's placed stops. A tip stop is where its tip is; a custom item is placed when the
 * gazetteer knows its place name in one of the guide's countries. What the viewer may not see
 * (ADR 081: another member's private tip, a connections-only one of a non-connection, a hidden
 * one) is left out, as the itinerary shows only a placeholder for it.
 */
import { mapsHref } from '@common/maps-url';
import type { GuideMap, TipLocation } from '@common/schemas/map';
import type { Database } from '@db/client';
import { NotFoundError } from '@server/lib/errors';
import { mayRead } from '../content/readable';
import { GUIDE_ERRORS } from '../guides/guides.service';
import * as repo from './guide-map.repository';
import { locationOf } from './tip-location';
import type { Gazetteer } from './tip-locator';

type StopRow = Awaited<ReturnType<typeof repo.listStops>>[number];

export function createGuideMapService(deps: { db: Database; gazetteer: Gazetteer }) {
  const { db, gazetteer } = deps;

  async function placeOfCustom(name: string | null, countries: readonly string[]): Promise<TipLocation | null> {
    if (!name) return null;
    for (const country of countries) {
      const city = await gazetteer.findCity(country, name);
      if (city) return { latitude: city.latitude, longitude: city.longitude, precision: 'city' };
    }
    return null;
  }

  async function stopOf(row: StopRow, countries: readonly string[]) {
    if (row.tipId !== null) {
      if (!row.tipVisible) return undefined;
      const mapsUrl = row.tipMapsUrl ? mapsHref(row.tipMapsUrl) : null;
      // A tip drawn at its country's point (ADR 101) is no stop of a route: it counts as unplaced.
      const place = locationOf(row);
      return { title: row.tipTitle ?? '', tipId: row.tipId, mapsUrl, place: place?.precision === 'country' ? null : place };
    }
    if (row.customTitle === null) return { title: '', tipId: null, mapsUrl: null, place: null };
    const place = await placeOfCustom(row.customPlaceName, countries);
    return { title: row.customTitle, tipId: null, mapsUrl: null, place };
  }

  /** 404 as GET /api/guides/:id: an admin may also open a public guide a moderator hid. */
  async function guideMap(viewerId: string, id: string, isAdmin = false): Promise<GuideMap> {
    const guide = await repo.findGuidePlaces(db, id, viewerId);
    if (!guide || !mayRead(guide, isAdmin)) throw new NotFoundError(GUIDE_ERRORS.notFound);
    const days: GuideMap['days'] = Array.from({ length: guide.daysCount }, (_, i) => ({
      dayNumber: i + 1,
      stops: [],
      unplaced: 0,
    }));
    for (const row of await repo.listStops(db, id, viewerId)) {
      const day = days[row.dayNumber - 1];
      const stop = day && (await stopOf(row, guide.countries));
      if (!day || !stop) continue;
      if (!stop.place) day.unplaced += 1;
      else
        day.stops.push({
          itemId: row.itemId,
          number: day.stops.length + 1,
          title: stop.title,
          tipId: stop.tipId,
          mapsUrl: stop.mapsUrl,
          ...stop.place,
        });
    }
    return { days };
  }

  return { guideMap };
}

export type GuideMapService = ReturnType<typeof createGuideMapService>;
