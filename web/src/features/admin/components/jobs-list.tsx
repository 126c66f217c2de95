import { format } from 'date-fns';
import type { Job } from '@common/schemas/notification-preferences';
import { Badge } from '@/components/ui/badge';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { Skeleton } from '@/components/ui/skeleton';
import { useJobs } from '../api/get-jobs';

const STATE_LABELS: Record<Job['state'], string> = {
  waiting: 'Waiting',
  retrying: 'Retrying',
  sent: 'Sent',
  skipped: 'Nothing to send',
  failed: 'Failed',
};
const KIND_LABELS: Record<string, string> = {
  'notification-email': 'Notification e-mail',
  'daily-digest': 'Daily digest',
  'photo-sweep': 'Sweep of unused photos',
};

/** The e-mail jobs of the job runner with their state (ADR 091), above the outbox's messages. */
export function JobsList() {
  const { data, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useJobs();
  if (isPending) return <Skeleton className="h-24" />;
  const jobs = data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="grid gap-3" aria-labelledby="jobs-heading">
      <h2 id="jobs-heading" className="text-lg font-semibold">
        E-mail jobs
      </h2>
      {jobs.length === 0 ? (
        <p className="text-sm text-muted-foreground">No e-mail jobs yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="E-mail jobs">
          {jobs.map((job) => (
            <li key={job.id} className="grid gap-1 rounded-lg border bg-card p-3 text-sm" data-testid="job-row">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{KIND_LABELS[job.kind] ?? job.kind}</span>
                <Badge variant={job.state === 'failed' ? 'destructive' : job.state === 'sent' ? 'default' : 'secondary'}>
                  {STATE_LABELS[job.state]}
                </Badge>
              </div>
              <p className="text-muted-foreground">
                Attempts {job.attempts} of {job.maxAttempts} · {job.finishedAt ? 'finished' : 'runs'}{' '}
                <time dateTime={job.finishedAt ?? job.runAt}>
                  {format(new Date(job.finishedAt ?? job.runAt), 'MMM d, yyyy HH:mm')}
                </time>
              </p>
              {job.lastError ? <p className="wrap-anywhere text-destructive">Last error: {job.lastError}</p> : null}
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton query={{ hasNextPage, isFetchingNextPage, fetchNextPage }} />
    </section>
  );
}
