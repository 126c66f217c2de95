import { useMe } from '@/lib/api/get-me';
import { ExploreScreen } from '@/features/content/components/explore-screen';

export function ExploreRoute() {
  const { data: me } = useMe();
  if (!me) return null;
  return <ExploreScreen viewerId={me.id} />;
}
