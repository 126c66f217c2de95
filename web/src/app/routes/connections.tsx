import { ConnectionsScreen } from '@/features/connections/components/connections-screen';
import { renderCardMenu } from './member-actions';

export function ConnectionsRoute() {
  return <ConnectionsScreen renderCardMenu={renderCardMenu} />;
}
