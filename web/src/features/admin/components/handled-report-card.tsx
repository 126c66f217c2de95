import { format } from 'date-fns';
import { guidePath, tipPath } from '@/components/navigation/content-path';
import { Link } from 'react-router';
import { DECISION_REASON_LABELS, type HandledReport } from '@common/schemas/moderation';
import { REPORT_REASON_LABELS } from '@common/schemas/report';
import { memberPath } from '@/components/navigation/member-path';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { memberName } from '@/lib/display-name';

const KIND = { tip: 'Tip', guide: 'Guide', member: 'Member' } as const;

const OUTCOME: Record<HandledReport['outcome'], { label: string; variant: BadgeProps['variant'] }> = {
  dismissed: { label: 'Dismissed', variant: 'secondary' },
  hidden: { label: 'Hidden', variant: 'destructive' },
  suspended: { label: 'Suspended', variant: 'destructive' },
  deleted: { label: 'Deleted', variant: 'destructive' },
};

/** Where the thing is while it exists: a deleted one has no page (its decision stays). */
function pathOf(h: HandledReport): string | null {
  if (h.outcome === 'deleted') return null;
  if (h.target === 'tip') return tipPath(h.targetId);
  if (h.target === 'guide') return guidePath(h.targetId);
  return h.member ? memberPath(h.member) : null;
}

/** One decision of the Handled view (issue 36): what, the decision, who decided, why and when. */
export function HandledReportCard({ handled: h }: { handled: HandledReport }) {
  const title = h.title ?? '(no title)';
  const path = pathOf(h);
  const outcome = OUTCOME[h.outcome];
  return (
    <li data-testid="handled-report" className="grid gap-2 rounded-lg border bg-card p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{KIND[h.target]}</Badge>
        <Badge variant={outcome.variant}>{outcome.label}</Badge>
        <span className="font-semibold wrap-anywhere">
          {path ? (
            <Link to={path} className="underline underline-offset-4">
              {title}
            </Link>
          ) : (
            title
          )}
        </span>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {h.target !== 'member' && h.member ? (
          <>
            <dt className="text-muted-foreground">Author</dt>
            <dd>
              <Link to={memberPath(h.member)} className="underline underline-offset-4">
                {memberName(h.member)}
              </Link>
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Reports</dt>
        <dd>
          {h.reportCount} ({h.reportReasons.map((r) => REPORT_REASON_LABELS[r]).join(', ')})
        </dd>
        <dt className="text-muted-foreground">Decision</dt>
        <dd>
          {outcome.label}
          {h.reason ? ` · ${DECISION_REASON_LABELS[h.reason]}` : ''}
        </dd>
        {h.note ? (
          <>
            <dt className="text-muted-foreground">Message</dt>
            <dd className="wrap-anywhere whitespace-pre-wrap">{h.note}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">By</dt>
        <dd>{h.moderator ? memberName(h.moderator) : 'A former admin'}</dd>
        <dt className="text-muted-foreground">When</dt>
        <dd>
          <time dateTime={h.decidedAt}>{format(new Date(h.decidedAt), 'MMM d, yyyy, HH:mm')}</time>
        </dd>
      </dl>
    </li>
  );
}
