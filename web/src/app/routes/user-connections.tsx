import { Navigate, useLocation } from 'react-router';
import { UserConnectionsScreen } from '@/features/profile/components/user-connections-screen';

type UserConnectionsState = { userId?: string; userName?: string } | null;

/** /user-connections: needs a userId in navigation state, else back to / (SPEC 2). */
export function UserConnectionsRoute() {
  const state = useLocation().state as UserConnectionsState;
  if (!state?.userId) return <Navigate to="/" replace />;
  return <UserConnectionsScreen key={state.userId} userId={state.userId} userName={state.userName || 'User'} />;
}
