import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { PROFILE_TEXTS } from '@common/schemas/profile';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';
import { ME_QUERY_KEY } from '@/lib/api/get-me';
import { serverMessageOr } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteAccount } from '../api/delete-account';

/** Delete Account with the quoted confirmation (docs/product.md#deleting-an-account); on success: toast, empty cache, sign-in screen. */
export function DeleteAccountDialog() {
  const deleteAccount = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const onConfirm = () => {
    deleteAccount.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(PROFILE_TEXTS.accountDeletedTitle, PROFILE_TEXTS.accountDeleted);
        // Leave first, synchronously, so the member area does not see the empty session and
        // redirect to sign-in with a "next" back to /profile; then nothing of the account stays.
        void navigate('/', { replace: true, flushSync: true });
        queryClient.clear();
        queryClient.setQueryData(ME_QUERY_KEY, null);
      },
      onError: (error) => notifyError(serverMessageOr(error, PROFILE_TEXTS.deleteFailed)),
    });
  };

  return (
    <ConfirmDeleteDialog
      title={PROFILE_TEXTS.deleteConfirmTitle}
      description="This action cannot be undone. It permanently deletes your account and removes your profile, your tips and guides, your connections and saved items, and your photos."
      confirmLabel={PROFILE_TEXTS.deleteConfirmButton}
      onConfirm={onConfirm}
    >
      <Button
        type="button"
        variant="outline"
        className="text-destructive hover:text-destructive"
        disabled={deleteAccount.isPending}
      >
        <Trash2 aria-hidden />
        {deleteAccount.isPending ? 'Deleting...' : 'Delete Account'}
      </Button>
    </ConfirmDeleteDialog>
  );
}
