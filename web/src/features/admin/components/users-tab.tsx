import { RefreshCw, Users } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { refreshInBackground } from '@/lib/query-client';
import { ADMIN_KEYS } from '../api/admin-keys';
import { usePendingActivations } from '../api/get-pending-activations';
import { useAdminUsers } from '../api/get-users';
import { PendingActivationRow } from './pending-activation-row';
import { UserRow } from './user-row';
import { LoadMoreButton } from '@/components/ui/load-more-button';

export function UsersTab() {
  const queryClient = useQueryClient();
  const users = useAdminUsers();
  const activations = usePendingActivations();
  // SPEC 8: failed admin list loads are silent; they show as empty lists.
  const userItems = users.data?.pages.flatMap((page) => page.items) ?? [];
  const activationItems = activations.data ?? [];
  const isRefreshing = users.isFetching || activations.isFetching;

  const onRefresh = () => refreshInBackground(queryClient, ADMIN_KEYS.users, ADMIN_KEYS.pendingActivations, ADMIN_KEYS.stats);

  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">User Management</h2>
        <Button variant="outline" size="sm" onClick={onRefresh} disabled={isRefreshing}>
          <RefreshCw className={isRefreshing ? 'animate-spin' : undefined} aria-hidden />
          Refresh
        </Button>
      </div>
      {users.isPending || activations.isPending ? (
        <div className="grid gap-3">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : userItems.length === 0 && activationItems.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-12 text-center text-muted-foreground">
            <Users className="size-8" aria-hidden />
            <p>No users yet.</p>
          </CardContent>
        </Card>
      ) : (
        <>
          {activationItems.length > 0 ? (
            <ul className="grid gap-3" aria-label="Pending activations">
              {activationItems.map((activation) => (
                <li key={activation.id}>
                  <PendingActivationRow activation={activation} />
                </li>
              ))}
            </ul>
          ) : null}
          <ul className="grid gap-3" aria-label="Users">
            {userItems.map((user) => (
              <li key={user.userId}>
                <UserRow user={user} />
              </li>
            ))}
          </ul>
          <LoadMoreButton query={users} />
        </>
      )}
    </div>
  );
}
