import { Check, Clock, UserPlus } from 'lucide-react';
import { CONNECTION_TEXTS } from '@common/schemas/connection';
import { Button } from '@/components/ui/button';
import { ApiError, serverMessageOr } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRelation, useRequestConnection } from '../api/get-relation';

/** On another member's profile: Connect when there is no relation yet, else the relation's state. */
export function ConnectButton({ userId }: { userId: string }) {
  const relation = useRelation(userId, true);
  const request = useRequestConnection();
  if (!relation.data) return null;

  switch (relation.data.relation) {
    case 'connected':
      return (
        <Button type="button" variant="secondary" size="sm" disabled>
          <Check aria-hidden />
          Connected
        </Button>
      );
    case 'pending_sent':
    case 'pending_received':
      return (
        <Button type="button" variant="outline" size="sm" disabled>
          <Clock aria-hidden />
          {relation.data.relation === 'pending_sent' ? 'Request sent' : 'Request received'}
        </Button>
      );
    default:
      return (
        <Button
          type="button"
          size="sm"
          disabled={request.isPending}
          onClick={() =>
            request.mutate(userId, {
              onSuccess: () => notifySuccess(CONNECTION_TEXTS.requestSent),
              onError: (error) => {
                const code = error instanceof ApiError ? error.code : undefined;
                if (code === 'already_connected') notifyError(error.message, CONNECTION_TEXTS.alreadyConnectedTitle);
                else if (code === 'connection_request_pending') notifyError(error.message, CONNECTION_TEXTS.alreadySentTitle);
                else notifyError(serverMessageOr(error, CONNECTION_TEXTS.requestFailed));
              },
            })
          }
        >
          <UserPlus aria-hidden />
          {request.isPending ? 'Sending...' : 'Connect'}
        </Button>
      );
  }
}
