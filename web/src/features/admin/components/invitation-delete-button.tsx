import { toast } from 'sonner';
import { ADMIN_TEXTS } from '@common/schemas/admin';
import type { Invitation } from '@common/schemas/invitation';
import { notifyError } from '@/lib/notify';
import { useDeleteInvitation } from '../api/user-mutations';
import { ConfirmDeleteButton } from './confirm-delete-button';

/** Every request, whatever its status, can be deleted (docs/product.md#the-admin-panel). */
export function InvitationDeleteButton({ invitation }: { invitation: Invitation }) {
  const remove = useDeleteInvitation();
  const onDelete = () =>
    remove.mutate(invitation.id, {
      onSuccess: () => toast.success(ADMIN_TEXTS.invitationDeleted),
      onError: () => notifyError(ADMIN_TEXTS.deleteInvitationFailed),
    });
  return (
    <ConfirmDeleteButton
      label={`Delete request of ${invitation.fullName}`}
      title="Delete invitation request?"
      description={`The request from ${invitation.fullName} will be permanently removed.`}
      disabled={remove.isPending}
      onConfirm={onDelete}
    />
  );
}
