import { useEffect, useState } from 'react';
import { RefreshCw, Search, Users } from 'lucide-react';
import { ADMIN_TEXTS } from '@common/schemas/admin';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { refreshInBackground } from '@/lib/query-client';
import { ADMIN_KEYS } from '../api/admin-keys';
import { usePendingActivations } from '../api/get-pending-activations';
import { useAdminUsers } from '../api/get-users';
import { PendingActivationRow } from './pending-activation-row';
import { UserRow } from './user-row';
import { LoadMoreButton } from '@/components/ui/load-more-button';

/** Waits for a pause in typing before asking the server (issue 36's search). */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function UsersTab() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const q = useSettled(search.trim());
  const users = useAdminUsers(q);
  const activations = usePendingActivations();
  // docs/product.md#texts-word-for-word: failed admin list loads are silent; they show as empty lists.
  const userItems = users.data?.pages.flatMap((page) => page.items) ?? [];
  // Pending activations are not members yet: a search is about members only.
  const activationItems = q ? [] : (activations.data ?? []);
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
      <div className="grid gap-1">
        <Label htmlFor="admin-user-search">{ADMIN_TEXTS.searchUsers}</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id="admin-user-search"
            type="search"
            value={search}
            maxLength={100}
            placeholder={ADMIN_TEXTS.searchUsersHint}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-9"
          />
        </div>
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
            <p role="status">{q ? ADMIN_TEXTS.noUsersFound : 'No users yet.'}</p>
          </CardContent>
        </Card>
      ) : (
        <>
          {activationItems.length > 0 ? (
            <ul className="grid gap-3" aria-label="Pending activations">
              {activationItems.map((activation) => (
                <li key={activation.id} data-focus-item>
                  <PendingActivationRow activation={activation} />
                </li>
              ))}
            </ul>
          ) : null}
          <ul className="grid gap-3" aria-label="Users">
            {userItems.map((user) => (
              <li key={user.userId} data-focus-item>
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
