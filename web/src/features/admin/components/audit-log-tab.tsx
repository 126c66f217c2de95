import { History } from 'lucide-react';
import { type AuditEntry, MODERATION_TEXTS } from '@common/schemas/moderation';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { NoticeCard } from '@/components/ui/notice-card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuditLog } from '../api/get-audit-log';

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** The audit log (issue 25, ADR 089): who did what, when, before and after; newest first, read-only. */
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

function AuditRow({ entry: e }: { entry: AuditEntry }) {
  return (
    <li data-testid="audit-entry" className="grid gap-1 rounded-lg border bg-card p-3 text-sm">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-mono font-semibold">{e.action}</span>
        <span className="text-muted-foreground">
          {e.targetType} {e.targetId ?? ''}
        </span>
      </p>
      <p className="text-muted-foreground">
        by {e.actor.email ?? 'unknown'} · <time dateTime={e.createdAt}>{new Date(e.createdAt).toLocaleString()}</time>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 font-mono text-xs">
        <dt className="text-muted-foreground">before</dt>
        <dd className="wrap-anywhere">{show(e.before)}</dd>
        <dt className="text-muted-foreground">after</dt>
        <dd className="wrap-anywhere">{show(e.after)}</dd>
      </dl>
    </li>
  );
}
