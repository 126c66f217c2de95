import { format } from 'date-fns';
import { guidePath, tipPath } from '@/components/navigation/content-path';
import { History } from 'lucide-react';
import { Link } from 'react-router';
import { type AuditEntry, MODERATION_TEXTS } from '@common/schemas/moderation';
import { memberPath } from '@/components/navigation/member-path';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { NoticeCard } from '@/components/ui/notice-card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuditLog } from '../api/get-audit-log';
import { auditActor, auditDetails, auditTarget, auditVerb } from './audit-text';

/** The audit log (issue 25, ADR 089): who did what to whom, when, in words (issue 36); newest first, read-only. */
export function AuditLogTab() {
  const { data, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useAuditLog();
  if (isPending) return <Skeleton className="h-40" />;
  const entries = data?.pages.flatMap((page) => page.items) ?? [];
  if (entries.length === 0) return <NoticeCard icon={History} titleAs="p" title={MODERATION_TEXTS.noAuditEntries} />;
  return (
    <div className="grid gap-4">
      <ul className="grid gap-2" aria-label="Audit log">
        {entries.map((e) => (
          <AuditRow key={e.id} entry={e} />
        ))}
      </ul>
      <LoadMoreButton query={{ hasNextPage, isFetchingNextPage, fetchNextPage }} />
    </div>
  );
}

/** The target's page while it exists: a member's profile, a tip, a guide. */
function targetPath(e: AuditEntry): string | null {
  if (!e.isTargetPresent || !e.targetId) return null;
  if (e.targetType === 'member') return memberPath({ username: e.targetUsername, id: e.targetId });
  if (e.targetType === 'tip') return tipPath(e.targetId);
  if (e.targetType === 'guide') return guidePath(e.targetId);
  return null;
}

const linkClass = 'font-medium underline underline-offset-4';

function AuditRow({ entry: e }: { entry: AuditEntry }) {
  const target = auditTarget(e);
  const path = targetPath(e);
  const actor = auditActor(e.actor);
  const details = auditDetails(e);
  return (
    <li data-testid="audit-entry" className="grid gap-1 rounded-lg border bg-card p-3 text-sm">
      <p className="wrap-anywhere">
        {e.actor.username ? (
          <Link to={memberPath({ username: e.actor.username })} className={linkClass}>
            {actor}
          </Link>
        ) : (
          <span className="font-medium">{actor}</span>
        )}{' '}
        {auditVerb(e.action)}{' '}
        {path ? (
          <Link to={path} className={linkClass}>
            {target}
          </Link>
        ) : (
          <span className="font-medium">{target}</span>
        )}
      </p>
      <p className="text-muted-foreground">
        <time dateTime={e.createdAt}>{format(new Date(e.createdAt), 'MMM d, yyyy, HH:mm')}</time>
      </p>
      {details.length > 0 ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          {details.map((d) => (
            <div key={d.label} className="contents">
              <dt className="text-muted-foreground">{d.label}</dt>
              <dd className="wrap-anywhere">{d.text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}
