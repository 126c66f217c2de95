import { Navigate, useLocation } from 'react-router';
import { useMe } from '@/lib/api/get-me';
import { memberPath } from '@/components/navigation/member-path';
import { isContentTab } from '@/features/content/components/content-tabs';
import { TipsListScreen } from '@/features/content/components/tips-list-screen';

type TipsState = { userId?: string; tab?: string } | null;

/**
 * /tips?tab=: the viewer's own content. The original navigation state (another member's userId, an
 * initial tab; docs/product.md#profiles) moves into the URL (ADR 046): another member's list is theirs,
 * /members/:username/tips.
 */
export function TipsRoute() {
  const { data: me } = useMe();
  const state = useLocation().state as TipsState;
  if (!me) return null;
  const tab = isContentTab(state?.tab) && state.tab !== 'all' ? { tab: state.tab } : undefined;
  if (state?.userId && state.userId !== me.id) {
    return <Navigate replace to={memberPath({ userId: state.userId }, 'tips', tab)} />;
  }
  if (tab) return <Navigate replace to={`/tips?${new URLSearchParams(tab).toString()}`} />;
  return <TipsListScreen viewerId={me.id} userId={me.id} />;
}
