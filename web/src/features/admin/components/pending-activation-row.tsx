import { format } from 'date-fns';
import { Mail, MapPin, Send } from 'lucide-react';
import { toast } from 'sonner';
import { ADMIN_TEXTS, type PendingActivation } from '@common/schemas/admin';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { notifyError } from '@/lib/notify';
import { useDeleteActivation, useResendActivation } from '../api/user-mutations';
import { ConfirmDeleteButton } from './confirm-delete-button';

export function PendingActivationRow({ activation }: { activation: PendingActivation }) {
  const resend = useResendActivation();
  const remove = useDeleteActivation();

  const onResend = () =>
    resend.mutate(activation.id, {
      onSuccess: ({ isEmailSent }) => (isEmailSent ? toast.success(ADMIN_TEXTS.resent) : notifyError(ADMIN_TEXTS.resendFailed)),
      onError: () => notifyError(ADMIN_TEXTS.resendFailed),
    });

  const onDelete = () =>
    remove.mutate(activation.id, {
      onSuccess: () => toast.success(ADMIN_TEXTS.activationDeleted),
      onError: () => notifyError(ADMIN_TEXTS.deleteActivationFailed),
    });

  return (
    <Card data-testid="pending-activation-row" aria-label={activation.fullName}>
      <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold">{activation.fullName}</h3>
            <Badge variant="outline">{ADMIN_TEXTS.pendingSignup}</Badge>
          </div>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <Mail className="size-3.5" aria-hidden />
              {activation.email}
            </span>
            {activation.country ? (
              <span className="inline-flex items-center gap-1">
                <MapPin className="size-3.5" aria-hidden />
                {activation.country}
              </span>
            ) : null}
            <span>Approved {format(new Date(activation.createdAt), 'MMM d, yyyy')}</span>
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={onResend}
            disabled={resend.isPending}
            aria-label={`Resend Email to ${activation.fullName}`}
          >
            <Send aria-hidden />
            {resend.isPending ? 'Sending...' : 'Resend Email'}
          </Button>
          <ConfirmDeleteButton
            label={`Delete pending activation of ${activation.fullName}`}
            title="Delete pending activation?"
            description={`${activation.fullName}'s signup link stops working.`}
            disabled={remove.isPending}
            onConfirm={onDelete}
          />
        </div>
      </CardContent>
    </Card>
  );
}
