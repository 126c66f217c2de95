import { useMemo } from 'react';
import type { MapCluster } from '@common/schemas/map';
import { clusterLabel } from './cluster-label';
import { countryAt } from './country-at';
import { useCountries } from './use-countries';

export type LabelledCluster = { cluster: MapCluster; label: string };

/** Each cluster with the name the map and the list give it ("France area: 12 tips"). */
export function useLabelledClusters(clusters: MapCluster[] | undefined): LabelledCluster[] {
  const countries = useCountries().data;
  return useMemo(
    () =>
      (clusters ?? []).map((cluster) => ({
        cluster,
        label: clusterLabel(cluster, countries ? countryAt(countries, cluster.latitude, cluster.longitude) : null),
      })),
    [clusters, countries],
  );
}
