import { format } from 'date-fns';
import { Calendar, Mail, MapPin } from 'lucide-react';
import { referralLabel } from '@common/lists/referral-sources';
import type { Invitation } from '@common/schemas/invitation';
import { Card, CardContent } from '@/components/ui/card';
import { InvitationActions } from './invitation-actions';
import { InvitationDeleteButton } from './invitation-delete-button';
import { InvitationStatusBadge } from './invitation-status-badge';

export function InvitationCard({ invitation }: { invitation: Invitation }) {
  return (
    <Card data-testid="invitation-card">
      <CardContent className="grid gap-4 p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="text-base font-semibold">{invitation.fullName}</h3>
              <InvitationStatusBadge status={invitation.status} />
            </div>
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-1">
                <Mail className="size-3.5" aria-hidden />
                {invitation.email}
              </span>
              <span className="inline-flex items-center gap-1">
                <MapPin className="size-3.5" aria-hidden />
                {invitation.country}
              </span>
              <span className="inline-flex items-center gap-1">
                <Calendar className="size-3.5" aria-hidden />
                {format(new Date(invitation.createdAt), 'MMM d, yyyy')}
              </span>
            </p>
          </div>
          <div className="flex items-center gap-2">
            {invitation.status === 'pending' ? <InvitationActions invitation={invitation} /> : null}
            <InvitationDeleteButton invitation={invitation} />
          </div>
        </div>
        {invitation.howDidYouKnow ? (
          <p className="text-sm">
            <span className="font-medium">How they found us: </span>
            {referralLabel(invitation.howDidYouKnow)}
          </p>
        ) : null}
        {invitation.aboutYourself ? (
          <div className="grid gap-1 text-sm">
            <span className="font-medium">About themselves:</span>
            <p className="rounded-md bg-muted p-3 whitespace-pre-wrap text-muted-foreground">{invitation.aboutYourself}</p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
