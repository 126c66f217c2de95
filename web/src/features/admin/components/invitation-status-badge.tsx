import type { InvitationStatus } from '@common/schemas/invitation';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const VARIANT: Record<InvitationStatus, BadgeProps['variant']> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
};

export function InvitationStatusBadge({ status }: { status: InvitationStatus }) {
  return (
    <Badge variant={VARIANT[status]} className="capitalize">
      {status}
    </Badge>
  );
}
