import { Suspense, lazy, useState } from 'react';
import type { Profile } from '@common/schemas/profile';
import { displayName } from '@/lib/display-name';
import { useIsServerPass } from '@/lib/use-server-pass';
import { MemberCountryTips } from '@/features/content/components/member-country-tips';

// Leaflet and the country shapes load only on a profile with countries to show.
const WorldMap = lazy(() => import('@/features/maps/components/world-map'));

/** A profile's world map (issue 22): clicking a visited country lists the member's tips there. */
export function ProfileWorld({ profile }: { profile: Profile }) {
  const [selected, setSelected] = useState<string | null>(null);
  const isServerPass = useIsServerPass();
  if (profile.countriesVisited.length === 0) return null;
  const name = displayName(profile);
  const placeholder = <div className="h-56 rounded-lg border bg-muted sm:h-64" aria-hidden />;
  return (
    <section aria-labelledby="world-map-heading" className="grid gap-3">
      <h2 id="world-map-heading" className="text-sm font-semibold">
        Countries visited
      </h2>
      {isServerPass ? (
        placeholder
      ) : (
        <Suspense fallback={placeholder}>
          <WorldMap visited={profile.countriesVisited} selected={selected} onSelect={setSelected} label={`${name}’s countries`} />
        </Suspense>
      )}
      {selected ? <MemberCountryTips userId={profile.userId} userName={name} country={selected} /> : null}
    </section>
  );
}

export const renderProfileWorld = (profile: Profile) => <ProfileWorld profile={profile} />;
