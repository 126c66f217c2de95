import { formatDistanceToNow } from 'date-fns';
import { Link } from 'react-router';
import { Check, Eye, EyeOff, UserCheck } from 'lucide-react';
import { MODERATION_TEXTS, type ModerationAction, type ReportCase } from '@common/schemas/moderation';
import { REPORT_REASON_LABELS } from '@common/schemas/report';
import { VISIBILITY_LABELS } from '@common/schemas/visibility';
import { memberPath } from '@/components/navigation/member-path';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { memberName } from '@/lib/display-name';
import { serverMessageOr } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useModerate } from '../api/moderate';
import { type Decision, DecisionDialog } from './decision-dialog';
import { SuspendDialog } from './suspend-dialog';
import { guidePath, tipPath } from '@/components/navigation/content-path';

const KIND = { tip: 'Tip', guide: 'Guide', member: 'Member' } as const;

function pathOf(c: ReportCase): string | null {
  if (c.target === 'tip') return tipPath(c.targetId);
  if (c.target === 'guide') return guidePath(c.targetId);
  return c.member ? memberPath(c.member) : null;
}

/** One reported thing in context, its open reports, and the admin's actions (issue 25). */
export function ReportCaseCard({ report: c }: { report: ReportCase }) {
  const moderate = useModerate();
  const who = memberName(c.member);
  const title = c.title ?? '(deleted)';
  const path = pathOf(c);
  const run = (action: ModerationAction['action'], done: string, decision?: Decision, until?: string | null) =>
    moderate.mutate(
      { action, target: c.target, targetId: c.targetId, until, ...decision },
      {
        onSuccess: () => notifySuccess(done),
        onError: (error) => notifyError(serverMessageOr(error, MODERATION_TEXTS.actionFailed)),
      },
    );
  const busy = moderate.isPending;

  return (
    <Card data-testid="report-case">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{KIND[c.target]}</Badge>
          {c.visibility ? <Badge variant="outline">{VISIBILITY_LABELS[c.visibility]}</Badge> : null}
          {c.isHidden ? <Badge variant="destructive">Hidden</Badge> : null}
          {c.suspension ? (
            <Badge variant="destructive">
              Suspended{c.suspension.until ? ` until ${new Date(c.suspension.until).toLocaleDateString()}` : ''}
            </Badge>
          ) : null}
          <span className="text-sm text-muted-foreground">
            {c.reporterCount} {c.reporterCount === 1 ? 'member' : 'members'} reported
          </span>
        </div>
        <CardTitle className="wrap-anywhere">
          {path ? (
            <Link to={path} className="underline-offset-4 hover:underline">
              {title}
            </Link>
          ) : (
            title
          )}
        </CardTitle>
        {c.target !== 'member' && c.member ? (
          <p className="text-sm text-muted-foreground">
            by{' '}
            <Link to={memberPath(c.member)} className="underline-offset-4 hover:underline">
              {who}
            </Link>
          </p>
        ) : null}
        {c.excerpt ? <p className="text-sm wrap-anywhere whitespace-pre-wrap">{c.excerpt}</p> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-2" aria-label={`Reports of ${title}`}>
          {c.reports.map((r) => (
            <li key={r.id} className="rounded-lg border p-3 text-sm">
              <p>
                <span className="font-semibold">{REPORT_REASON_LABELS[r.reason]}</span>
                <span className="text-muted-foreground">
                  {' '}
                  · {memberName(r.reporter)} · {formatDistanceToNow(new Date(r.createdAt), { addSuffix: true })}
                </span>
              </p>
              {r.details ? <p className="mt-1 wrap-anywhere whitespace-pre-wrap">{r.details}</p> : null}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => run('dismiss', 'Reports dismissed')}>
            <Check aria-hidden />
            Dismiss
          </Button>
          {c.target !== 'member' ? (
            c.isHidden ? (
              <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => run('unhide', 'Shown again')}>
                <Eye aria-hidden />
                Unhide
              </Button>
            ) : (
              <DecisionDialog
                trigger={
                  <Button type="button" variant="outline" size="sm" disabled={busy}>
                    <EyeOff aria-hidden />
                    Hide
                  </Button>
                }
                title={`Hide this ${c.target}?`}
                description={`Only its author and the admins see it while hidden. ${who} is told, with your reason; reporters are not named.`}
                confirmLabel="Hide"
                onConfirm={(decision) => run('hide', 'Hidden', decision)}
              />
            )
          ) : null}
          {c.member ? (
            c.suspension ? (
              <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => run('lift', 'Suspension lifted')}>
                <UserCheck aria-hidden />
                Lift suspension
              </Button>
            ) : (
              <SuspendDialog
                who={who}
                disabled={busy}
                onSuspend={(until, decision) => run('suspend', `${who} suspended`, decision, until)}
              />
            )
          ) : null}
          <DecisionDialog
            trigger={
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="text-destructive hover:text-destructive"
                disabled={busy}
              >
                Delete
              </Button>
            }
            title={c.target === 'member' ? `Delete ${who}'s account?` : `Delete this ${c.target}?`}
            description={
              c.target === 'member'
                ? 'The account and everything in it are deleted for good.'
                : `The ${c.target} is deleted for good. ${who} is told, with your reason.`
            }
            confirmLabel="Delete"
            onConfirm={(decision) => run('delete', 'Deleted', decision)}
          />
        </div>
      </CardContent>
    </Card>
  );
}
