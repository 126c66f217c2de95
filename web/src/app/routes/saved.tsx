import { useMe } from '@/lib/api/get-me';
import { SavedScreen } from '@/features/content/components/saved-screen';

export function SavedRoute() {
  const { data: me } = useMe();
  if (!me) return null;
  return <SavedScreen viewerId={me.id} />;
}
