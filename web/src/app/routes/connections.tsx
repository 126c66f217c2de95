import { ConnectionsScreen } from '@/features/connections/components/connections-screen';

export function ConnectionsRoute() {
  return <ConnectionsScreen />;
}
