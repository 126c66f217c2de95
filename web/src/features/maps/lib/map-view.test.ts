import { describe, expect, it } from 'vitest';
import { MapQuerySchema } from '@common/schemas/map';
import { lngInView, viewQuery } from './map-view';

const noFilters = { q: '', country: '' };

describe('viewQuery', () => {
  it('rounds the box, takes the whole zoom level and leaves empty filters out', () => {
    const query = viewQuery({ west: 2.2222, south: 48.81234, east: 2.46789, north: 48.90111, zoom: 11.5 }, noFilters);
    expect(query).toEqual({ west: 2.222, south: 48.812, east: 2.468, north: 48.901, zoom: 11 });
    expect(MapQuerySchema.safeParse(query).success).toBe(true);
  });

  it('asks for the whole world when the view is wider than it', () => {
    const query = viewQuery({ west: -400.5, south: -85.2, east: 300, north: 85.2, zoom: 1 }, { q: 'cafe', country: 'Japan' });
    expect(query).toMatchObject({ west: -180, east: 180, q: 'cafe', country: 'Japan' });
    expect(MapQuerySchema.safeParse(query).success).toBe(true);
  });

  it('keeps a box across the antimeridian as Leaflet gives it (the server wraps it)', () => {
    const query = viewQuery({ west: 170, south: -20, east: 190, north: -10, zoom: 5 }, noFilters);
    expect(query).toMatchObject({ west: 170, east: 190 });
    expect(MapQuerySchema.safeParse(query).success).toBe(true);
  });
});

describe('lngInView', () => {
  it('leaves a longitude inside an ordinary view alone', () => {
    expect(lngInView(2.35, -10, 20)).toBe(2.35);
  });

  it('moves a point east of the antimeridian onto the copy of the world in view', () => {
    expect(lngInView(-178, 170, 190)).toBe(182);
    expect(lngInView(178, -190, -170)).toBe(-182);
  });
});
