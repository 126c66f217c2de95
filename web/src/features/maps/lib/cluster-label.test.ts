import { describe, expect, it } from 'vitest';
import { clusterLabel, positionName, tipsOnMap } from './cluster-label';

describe('clusterLabel', () => {
  it('names the country the cluster is in', () => {
    expect(clusterLabel({ latitude: 48.86, longitude: 2.35, count: 12 }, 'France')).toBe('France area: 12 tips');
  });

  it('falls back on the position at sea, with hemispheres', () => {
    expect(clusterLabel({ latitude: -33.87, longitude: -151.21, count: 1 }, null)).toBe('33.9° S, 151.2° W area: 1 tip');
    expect(positionName(0, 0)).toBe('0.0° N, 0.0° E');
  });

  it('counts the tips on the map', () => {
    expect(tipsOnMap(0)).toBe('0 tips on the map');
    expect(tipsOnMap(1)).toBe('1 tip on the map');
  });
});
