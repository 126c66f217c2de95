import { UserCheck } from 'lucide-react';
import { MODERATION_TEXTS } from '@common/schemas/moderation';
import { Button } from '@/components/ui/button';
import { serverMessageOr } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useModerate } from '../api/moderate';
import type { Decision } from './decision-dialog';
import { SuspendDialog } from './suspend-dialog';

/** Suspend a member, or lift their suspension, from User Management (issue 25). */
export function SuspensionControl({ userId, name, isSuspended }: { userId: string; name: string; isSuspended: boolean }) {
  const moderate = useModerate();
  const run = (action: 'suspend' | 'lift', done: string, until?: string | null, decision?: Decision) =>
    moderate.mutate(
      { action, target: 'member', targetId: userId, until, ...decision },
      {
        onSuccess: () => notifySuccess(done),
        onError: (error) => notifyError(serverMessageOr(error, MODERATION_TEXTS.actionFailed)),
      },
    );
  if (isSuspended) {
    return (
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={moderate.isPending}
        aria-label={`Lift suspension of ${name}`}
        onClick={() => run('lift', 'Suspension lifted')}
      >
        <UserCheck aria-hidden />
        Lift suspension
      </Button>
    );
  }
  return (
    <SuspendDialog
      who={name}
      disabled={moderate.isPending}
      onSuspend={(until, decision) => run('suspend', `${name} suspended`, until, decision)}
    />
  );
}
