import { Link } from 'react-router';
import type { MapBounds, MapPoint } from '@common/schemas/map';
import { useMapTips } from '../api/get-map-tips';
import { tipPath } from '@/components/navigation/content-path';

/** A hair past the cell's edges: the request's box is rounded, a tip on the edge must stay in. */
const PAD = 0.001;

/** The tips of one spot or cluster as links: the card of a stack, or of a cluster zoom cannot split. */
export function TipLinks({ points }: { points: readonly MapPoint[] }) {
  return (
    <ul className="grid max-h-60 gap-1 overflow-y-auto pr-1">
      {points.map((point) => (
        <li key={point.id} className="min-w-0">
          <Link to={tipPath(point.id)} className="font-medium text-primary wrap-anywhere underline-offset-2 hover:underline">
            {point.title}
          </Link>
          <span className="text-muted-foreground"> · {point.city}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * At the deepest zoom a cluster cannot split (its tips share a spot, e.g. a city's centre): its
 * card asks the server for the tips in its cell, which the deepest level answers one by one.
 */
export function ClusterTips({ bounds, q, country }: { bounds: MapBounds; q: string; country: string }) {
  const tips = useMapTips({
    west: bounds.west - PAD,
    east: bounds.east + PAD,
    south: Math.max(-90, bounds.south - PAD),
    north: Math.min(90, bounds.north + PAD),
    zoom: 20,
    ...(q ? { q } : {}),
    ...(country ? { country } : {}),
  });
  if (tips.isLoading) return <p className="text-muted-foreground">Loading these tips…</p>;
  if (tips.error || !tips.data) return <p className="text-destructive">These tips could not be loaded.</p>;
  const more = tips.data.total - tips.data.points.length;
  return (
    <div className="grid w-60 gap-2 text-sm">
      <TipLinks points={tips.data.points} />
      {more > 0 ? <p className="text-muted-foreground">{`${more} more here: browse them in the List view.`}</p> : null}
    </div>
  );
}
