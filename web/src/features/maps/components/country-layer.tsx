import { GeoJSON } from 'react-leaflet';
import { useCountries } from '../lib/use-countries';

/** The base map: every country's shape, or only its borders when tiles are drawn under it. */
export function CountryLayer({ isOverTiles }: { isOverTiles: boolean }) {
  const { data } = useCountries();
  if (!data) return null;
  const className = isOverTiles ? 'wm-country-outline' : 'wm-country';
  // keyed by the style: GeoJSON reads its style only when it is created.
  return <GeoJSON key={className} data={data} interactive={false} style={() => ({ className })} />;
}
