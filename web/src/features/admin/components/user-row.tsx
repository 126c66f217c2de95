import { format } from 'date-fns';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ADMIN_TEXTS, ROLE_LABELS, type AdminUser } from '@common/schemas/admin';
import type { Role } from '@common/schemas/auth';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { memberPath } from '@/components/navigation/member-path';
import { OptionsSelect } from '@/components/ui/options-select';
import { notifyFixedFailure } from '@/lib/notify';
import { useChangeRole, useDeleteUser } from '../api/user-mutations';
import { ConfirmDeleteButton } from './confirm-delete-button';
import { SuspensionControl } from './suspension-control';

const ROLE_OPTIONS = (Object.keys(ROLE_LABELS) as Role[]).map((role) => ({ value: role, label: ROLE_LABELS[role] }));

const ROLE_VARIANT: Record<Role, BadgeProps['variant']> = { pending: 'warning', user: 'secondary', admin: 'default' };

export function UserRow({ user }: { user: AdminUser }) {
  const changeRole = useChangeRole();
  const deleteUser = useDeleteUser();
  const displayName = user.name || user.username || ADMIN_TEXTS.anonymous;
  const selectId = `role-${user.userId}`;

  const onRoleChange = (value: string) => {
    const role = value as Role;
    if (role === user.role) return;
    changeRole.mutate(
      { userId: user.userId, role },
      {
        onSuccess: () => toast.success(`${ADMIN_TEXTS.roleUpdated}${role}`),
        onError: (error) => notifyFixedFailure(ADMIN_TEXTS.roleUpdateFailed, error),
      },
    );
  };

  const onDelete = () =>
    deleteUser.mutate(user.userId, {
      onSuccess: () => toast.success(ADMIN_TEXTS.userDeleted),
      onError: (error) => notifyFixedFailure(ADMIN_TEXTS.deleteUserFailed, error),
    });

  return (
    <Card data-testid="admin-user-row" aria-label={displayName}>
      <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold wrap-anywhere">
              <Link
                to={memberPath({ username: user.username, userId: user.userId })}
                className="underline underline-offset-4"
                aria-label={`Profile of ${displayName}`}
              >
                {displayName}
              </Link>
            </h3>
            <Badge variant={ROLE_VARIANT[user.role]}>{ROLE_LABELS[user.role]}</Badge>
            {user.suspension ? (
              <Badge variant="destructive">
                Suspended{user.suspension.until ? ` until ${format(new Date(user.suspension.until), 'MMM d, yyyy')}` : ''}
              </Badge>
            ) : null}
          </div>
          {/* Admins only see e-mails (docs/product.md#profiles): this list is admin-only, its schema the only one with them. */}
          <p className="text-sm wrap-anywhere" data-testid="admin-user-email">
            {user.email}
          </p>
          <p className="flex flex-wrap gap-x-4 text-sm text-muted-foreground">
            <span className="font-mono">ID: {user.userId.slice(0, 8)}</span>
            <span>Joined {format(new Date(user.createdAt), 'MMM d, yyyy')}</span>
          </p>
        </div>
        {/* One line at any width: on a phone the role select takes what the two buttons leave. */}
        <div className="flex w-full items-center gap-2 sm:w-auto">
          <SuspensionControl userId={user.userId} name={displayName} isSuspended={user.suspension !== null} />
          <Label htmlFor={selectId} className="sr-only">
            Role of {displayName}
          </Label>
          <div className="min-w-0 flex-1 sm:w-44 sm:flex-none">
            <OptionsSelect
              id={selectId}
              value={user.role}
              onValueChange={onRoleChange}
              placeholder="Role"
              options={ROLE_OPTIONS}
            />
          </div>
          <ConfirmDeleteButton
            label={`Delete ${displayName}`}
            title="Delete user?"
            description={`${displayName} and everything they shared will be permanently removed.`}
            disabled={deleteUser.isPending}
            onConfirm={onDelete}
          />
        </div>
      </CardContent>
    </Card>
  );
}
