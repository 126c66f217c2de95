import { useLocation } from 'react-router';
import { useMe } from '@/lib/api/get-me';
import { isContentTab } from '@/features/content/components/content-tabs';
import { TipsListScreen } from '@/features/content/components/tips-list-screen';

type TipsState = { userId?: string; userName?: string; tab?: string } | null;

/** /tips: own content, or another member's when navigation state carries their userId (SPEC 2, D9). */
export function TipsRoute() {
  const { data: me } = useMe();
  const state = useLocation().state as TipsState;
  if (!me) return null;
  const userId = state?.userId || me.id;
  const initialTab = isContentTab(state?.tab) ? state.tab : 'all';
  return (
    <TipsListScreen
      // A new person or tab from navigation starts the screen afresh.
      key={`${userId}-${initialTab}`}
      viewerId={me.id}
      userId={userId}
      userName={state?.userName}
      initialTab={initialTab}
    />
  );
}
