import { Suspense, lazy } from 'react';
import { useMe } from '@/lib/api/get-me';
import { useIsServerPass } from '@/lib/use-server-pass';
import { ExploreScreen, type MapFilters } from '@/features/content/components/explore-screen';

// Leaflet and the country shapes load only when the Map view opens (the first screens' budget).
const ExploreMap = lazy(() => import('@/features/maps/components/explore-map'));

export function ExploreRoute() {
  const { data: me } = useMe();
  if (!me) return null;
  return <ExploreScreen viewerId={me.id} renderMap={(filters) => <ExploreMapView {...filters} />} />;
}

/** Drawn in the browser only: the server's page and its hydration show the placeholder. */
function ExploreMapView(filters: MapFilters) {
  const isServerPass = useIsServerPass();
  const placeholder = <p className="text-sm text-muted-foreground">Loading the map…</p>;
  if (isServerPass) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ExploreMap {...filters} />
    </Suspense>
  );
}
