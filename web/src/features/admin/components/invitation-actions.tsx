import { Check, X } from 'lucide-react';
import { toast } from 'sonner';
import type { Invitation } from '@common/schemas/invitation';
import { TEXTS, invitationStatusToast } from '@common/texts';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useApproveInvitation } from '../api/approve-invitation';
import { useRejectInvitation } from '../api/reject-invitation';

/** The server's 'Failed to create pending activation: ...' is more useful than the generic text. */
function showFailure(error: unknown) {
  const message = errorMessage(error);
  notifyError(message.startsWith(TEXTS.createPendingActivationFailed) ? message : TEXTS.updateInvitationFailed);
}

export function InvitationActions({ invitation }: { invitation: Invitation }) {
  const approve = useApproveInvitation();
  const reject = useRejectInvitation();
  const isBusy = approve.isPending || reject.isPending;

  const onApprove = () =>
    approve.mutate(invitation.id, {
      onSuccess: ({ isEmailSent }) => {
        toast.success(invitationStatusToast('approved', isEmailSent));
        if (!isEmailSent) toast.warning(TEXTS.warningTitle, { description: TEXTS.approvalEmailFailed });
      },
      onError: showFailure,
    });

  const onReject = () =>
    reject.mutate(invitation.id, {
      onSuccess: ({ isEmailSent }) => toast.success(invitationStatusToast('rejected', isEmailSent)),
      onError: showFailure,
    });

  return (
    <div className="flex gap-2">
      <Button size="sm" onClick={onApprove} disabled={isBusy} aria-label={`Approve ${invitation.fullName}`}>
        <Check aria-hidden />
        {approve.isPending ? 'Approving...' : 'Approve'}
      </Button>
      <Button
        size="sm"
        variant="outline"
        className="text-destructive hover:text-destructive"
        onClick={onReject}
        disabled={isBusy}
        aria-label={`Reject ${invitation.fullName}`}
      >
        <X aria-hidden />
        {reject.isPending ? 'Rejecting...' : 'Reject'}
      </Button>
    </div>
  );
}
