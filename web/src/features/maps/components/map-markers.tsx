import { divIcon } from 'leaflet';
import { Link } from 'react-router';
import { Marker, Popup } from 'react-leaflet';
import type { MapCluster, MapPoint } from '@common/schemas/map';
import type { LeafletKeyboardEvent } from 'leaflet';
import type { PointStack } from '../lib/stacked-points';
import { ClusterTips, TipLinks } from './cluster-tips';
import { tipPath } from '@/components/navigation/content-path';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Enter and Space on a marker (Leaflet makes it a focusable role=button, but only clicks act). */
const isActivation = (e: LeafletKeyboardEvent) => e.originalEvent.key === 'Enter' || e.originalEvent.key === ' ';

const countIcon = (className: string, count: number, name: string) => {
  const size = count < 10 ? 32 : count < 100 ? 38 : 46;
  return divIcon({
    className,
    iconSize: [size, size],
    popupAnchor: [0, -size / 2],
    html: `<span aria-hidden="true">${count}</span><span class="sr-only">${escapeHtml(name)}</span>`,
  });
};

type ClusterMarkerProps = {
  cluster: MapCluster;
  label: string;
  lng: number;
  onZoom: () => void;
  /** At the deepest zoom a click lists the cluster's tips instead of zooming. */
  listing?: { q: string; country: string };
};

/** A circle with its count; its name (sr-only) is the list's, so both say the same. */
export function ClusterMarker({ cluster, label, lng, onZoom, listing }: ClusterMarkerProps) {
  if (listing) {
    return (
      <Marker position={[cluster.latitude, lng]} icon={countIcon('wm-cluster', cluster.count, `${label}, list them`)}>
        <Popup>
          <ClusterTips bounds={cluster.bounds} q={listing.q} country={listing.country} />
        </Popup>
      </Marker>
    );
  }
  return (
    <Marker
      position={[cluster.latitude, lng]}
      icon={countIcon('wm-cluster', cluster.count, `${label}, zoom in`)}
      eventHandlers={{ click: onZoom, keydown: (e: LeafletKeyboardEvent) => isActivation(e) && onZoom() }}
    />
  );
}

/** Tips at one spot: one marker with their count, whose card lists them all. */
export function StackMarker({ stack, lng }: { stack: PointStack; lng: number }) {
  const name = `${stack.points.length} tips at one spot in ${stack.points[0]?.city ?? ''}`;
  return (
    <Marker position={[stack.latitude, lng]} icon={countIcon('wm-cluster wm-stack', stack.points.length, name)}>
      <Popup>
        <div className="grid w-60 gap-2 text-sm">
          <p className="font-medium">{name}</p>
          <TipLinks points={stack.points} />
        </div>
      </Popup>
    </Marker>
  );
}

/** A tip: a pin whose pop-up is its card (Enter opens it too: Leaflet's popup handles the key). */
export function PointMarker({ point, lng }: { point: MapPoint; lng: number }) {
  const icon = divIcon({
    className: 'wm-point',
    iconSize: [22, 22],
    popupAnchor: [0, -8],
    html: `<span class="sr-only">${escapeHtml(point.title)}</span>`,
  });
  return (
    <Marker position={[point.latitude, lng]} icon={icon}>
      <Popup>
        <TipCard point={point} />
      </Popup>
    </Marker>
  );
}

function TipCard({ point }: { point: MapPoint }) {
  return (
    <div className="grid w-56 gap-1.5 text-sm">
      {point.photoUrl ? <img src={point.photoUrl} alt="" loading="lazy" className="h-28 w-full rounded-md object-cover" /> : null}
      <Link to={tipPath(point.id)} className="font-semibold text-primary underline-offset-2 hover:underline">
        {point.title}
      </Link>
      <span className="text-muted-foreground">{[point.city, point.country].filter(Boolean).join(', ')}</span>
      {point.rating !== null ? (
        <span aria-label={`Rated ${point.rating} out of 5`}>{'★'.repeat(Math.round(point.rating))}</span>
      ) : null}
    </div>
  );
}
