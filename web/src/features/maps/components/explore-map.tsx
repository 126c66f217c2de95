import { useRef, useState } from 'react';
import type { Map as LeafletMap } from 'leaflet';
import type { MapBounds } from '@common/schemas/map';
import { useMapTips } from '../api/get-map-tips';
import { useLabelledClusters } from '../lib/labelled-clusters';
import { type MapView, lngInView, viewQuery } from '../lib/map-view';
import BaseMap from './base-map';
import { stackPoints } from '../lib/stacked-points';
import { ClusterMarker, PointMarker, StackMarker } from './map-markers';
import { MapStatus } from './map-status';
import { MapTipsList } from './map-tips-list';
import { MapViewEvents } from './map-view-events';

type ExploreMapProps = { q: string; country: string };

/**
 * Explore's map view (issue 22): the public tips matching the search and country, clustered by the
 * server for the view's box and zoom, with the same clusters and tips as a list under the map.
 */
export default function ExploreMap({ q, country }: ExploreMapProps) {
  const [view, setView] = useState<MapView | null>(null);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const tips = useMapTips(view ? viewQuery(view, { q, country }) : null);
  const clusters = useLabelledClusters(tips.data?.clusters);
  const points = tips.data?.points ?? [];
  const placeLng = (lng: number) => (view ? lngInView(lng, view.west, view.east) : lng);
  // At the deepest zoom a cluster cannot split: its marker and its list entry list its tips.
  const listing = map !== null && view !== null && view.zoom >= map.getMaxZoom() ? { q, country } : undefined;

  const zoomTo = (b: MapBounds, { fromList = false } = {}) => {
    map?.fitBounds([
      [b.south, b.west],
      [b.north, b.east],
    ]);
    // The button pressed is gone with the old view: the list's heading takes the focus.
    if (fromList) headingRef.current?.focus();
  };

  return (
    <div className="grid gap-3">
      <MapStatus total={tips.data?.total} error={tips.error} isLoading={tips.isLoading} onRetry={() => void tips.refetch()} />
      <BaseMap label="Tips on the map" className="h-[60vh] min-h-72">
        <MapViewEvents onView={setView} onMap={setMap} />
        {clusters.map(({ cluster, label }) => (
          <ClusterMarker
            key={`c${cluster.latitude},${cluster.longitude},${cluster.count}`}
            cluster={cluster}
            label={label}
            lng={placeLng(cluster.longitude)}
            onZoom={() => zoomTo(cluster.bounds)}
            listing={listing}
          />
        ))}
        {stackPoints(points).map((stack) =>
          stack.points.length === 1 && stack.points[0] ? (
            <PointMarker key={stack.key} point={stack.points[0]} lng={placeLng(stack.longitude)} />
          ) : (
            <StackMarker key={stack.key} stack={stack} lng={placeLng(stack.longitude)} />
          ),
        )}
      </BaseMap>
      <MapTipsList
        clusters={clusters}
        points={points}
        onZoom={(b) => zoomTo(b, { fromList: true })}
        listing={listing}
        headingRef={headingRef}
      />
    </div>
  );
}
