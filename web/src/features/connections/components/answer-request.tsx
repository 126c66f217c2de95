import { useState } from 'react';
import { Check, X } from 'lucide-react';
import { CONNECTION_TEXTS, REQUEST_ANSWER_TEXTS } from '@common/schemas/connection';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFocusAfterRemoval } from '@/lib/use-focus-after-removal';
import { useAcceptConnectionRequest } from '../api/accept-request';
import { useConnections } from '../api/get-connections';
import { useRejectConnectionRequest } from '../api/reject-request';

type Outcome = 'connected' | 'rejected' | 'answered';

/** 409 (no longer pending) and 404 (withdrawn): answered already, elsewhere. */
const isAnsweredElsewhere = (error: unknown) => error instanceof ApiError && (error.status === 409 || error.status === 404);

/**
 * Accept and Reject for a request, where the member is told of it (a notification, issue 36),
 * through the same routes as the Requests tab (the server decides who may answer). A request
 * answered meanwhile, elsewhere or by its sender's cancel, says so instead of failing.
 */
export function AnswerRequest({ requesterId }: { requesterId: string }) {
  const connections = useConnections();
  const accept = useAcceptConnectionRequest();
  const reject = useRejectConnectionRequest();
  const focusAfterRemoval = useFocusAfterRemoval();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (!connections.data) return null;

  const entry = connections.data.received.find((e) => e.member.userId === requesterId);
  const isConnected = connections.data.connected.some((e) => e.member.userId === requesterId);
  const shown: Outcome | null = outcome ?? (entry ? null : isConnected ? 'connected' : 'answered');
  if (shown || !entry) {
    return (
      <p className="text-xs text-muted-foreground" data-testid="request-answer-status">
        {REQUEST_ANSWER_TEXTS[shown ?? 'answered']}
      </p>
    );
  }

  const onError = (error: unknown) => {
    if (isAnsweredElsewhere(error)) {
      setOutcome('answered');
      notifyError(REQUEST_ANSWER_TEXTS.answered);
    } else notifyError(CONNECTION_TEXTS.statusFailed);
  };
  const answer = (control: HTMLElement, isAccept: boolean) => {
    focusAfterRemoval(control);
    const mutation = isAccept ? accept : reject;
    mutation.mutate(entry.id, {
      onSuccess: () => {
        setOutcome(isAccept ? 'connected' : 'rejected');
        if (isAccept) notifySuccess(CONNECTION_TEXTS.acceptedTitle, CONNECTION_TEXTS.accepted);
        else notifySuccess(CONNECTION_TEXTS.rejectedTitle, CONNECTION_TEXTS.rejected);
      },
      onError,
    });
  };
  const isBusy = accept.isPending || reject.isPending;
  const name = entry.member.name ?? entry.member.username ?? CONNECTION_TEXTS.fallbackName;

  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={`Answer ${name}'s request`}>
      <Button size="sm" disabled={isBusy} onClick={(event) => answer(event.currentTarget, true)}>
        <Check aria-hidden />
        {accept.isPending ? 'Accepting...' : REQUEST_ANSWER_TEXTS.accept}
      </Button>
      <Button size="sm" variant="outline" disabled={isBusy} onClick={(event) => answer(event.currentTarget, false)}>
        <X aria-hidden />
        {reject.isPending ? 'Rejecting...' : REQUEST_ANSWER_TEXTS.reject}
      </Button>
    </div>
  );
}
