import type { Ref } from 'react';
import { Link } from 'react-router';
import type { MapBounds, MapPoint } from '@common/schemas/map';
import type { LabelledCluster } from '../lib/labelled-clusters';
import { ClusterTips } from './cluster-tips';
import { tipPath } from '@/components/navigation/content-path';

type MapTipsListProps = {
  clusters: LabelledCluster[];
  points: MapPoint[];
  onZoom: (bounds: MapBounds) => void;
  /** Set at the deepest zoom: a cluster's entry opens to list its tips instead of zooming. */
  listing?: { q: string; country: string };
  headingRef: Ref<HTMLHeadingElement>;
};

const chip =
  'rounded-full border bg-secondary px-3 py-1 text-secondary-foreground hover:bg-secondary/70 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** Everything the map shows, as a list: keyboard and screen-reader users get it all (issue 22). */
export function MapTipsList({ clusters, points, onZoom, listing, headingRef }: MapTipsListProps) {
  if (clusters.length === 0 && points.length === 0) return null;
  return (
    <section aria-labelledby="map-list-heading" className="grid gap-2">
      <h2 id="map-list-heading" ref={headingRef} tabIndex={-1} className="text-sm font-semibold outline-none">
        In this view
      </h2>
      <ul className="flex flex-wrap gap-2 text-sm">
        {clusters.map(({ cluster, label }) => (
          <li key={`${cluster.latitude},${cluster.longitude}`}>
            {listing ? (
              <details className="group">
                <summary className={`${chip} cursor-pointer list-none`}>{label}</summary>
                <div className="mt-2 rounded-md border bg-card p-3">
                  <ClusterTips bounds={cluster.bounds} q={listing.q} country={listing.country} />
                </div>
              </details>
            ) : (
              <button type="button" onClick={() => onZoom(cluster.bounds)} className={chip}>
                {label}
              </button>
            )}
          </li>
        ))}
        {points.map((point) => (
          <li key={point.id} className="min-w-0">
            <Link
              to={tipPath(point.id)}
              className="inline-block max-w-full rounded-full border px-3 py-1 wrap-anywhere hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <span className="font-medium">{point.title}</span>
              <span className="text-muted-foreground"> · {[point.city, point.country].filter(Boolean).join(', ')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
