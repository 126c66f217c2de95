import { Navigate, useLocation } from 'react-router';
import { memberPath } from '@/components/navigation/member-path';

type UserConnectionsState = { userId?: string } | null;

/** /user-connections: needs a userId in navigation state, else back to / (as the original app did); it moves to the member's URL (ADR 046). */
export function UserConnectionsRoute() {
  const state = useLocation().state as UserConnectionsState;
  if (!state?.userId) return <Navigate to="/" replace />;
  return <Navigate replace to={memberPath({ userId: state.userId }, 'connections')} />;
}
