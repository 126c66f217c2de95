import type { MapCluster } from '@common/schemas/map';

const tips = (count: number) => `${count} ${count === 1 ? 'tip' : 'tips'}`;

/** "France area: 12 tips", or by its position when the cluster's centre is at sea. */
export function clusterLabel(cluster: Pick<MapCluster, 'latitude' | 'longitude' | 'count'>, place: string | null): string {
  return `${place ?? positionName(cluster.latitude, cluster.longitude)} area: ${tips(cluster.count)}`;
}

/** 48.9° N, 2.3° E */
export function positionName(lat: number, lng: number): string {
  const ns = `${Math.abs(lat).toFixed(1)}° ${lat < 0 ? 'S' : 'N'}`;
  const ew = `${Math.abs(lng).toFixed(1)}° ${lng < 0 ? 'W' : 'E'}`;
  return `${ns}, ${ew}`;
}

/** The counter above the map: how many tips the view holds. */
export const tipsOnMap = (total: number) => `${tips(total)} on the map`;
