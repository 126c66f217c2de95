import { Flag } from 'lucide-react';
import { MODERATION_TEXTS } from '@common/schemas/moderation';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { NoticeCard } from '@/components/ui/notice-card';
import { Skeleton } from '@/components/ui/skeleton';
import { useReportCases } from '../api/get-report-cases';
import { ReportCaseCard } from './report-case-card';

/** The Reports tab (issue 25): each reported thing once, the most recently reported first. */
export function ReportsTab() {
  const { data, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useReportCases();
  if (isPending) return <Skeleton className="h-40" />;
  const cases = data?.pages.flatMap((page) => page.items) ?? [];
  if (cases.length === 0) return <NoticeCard icon={Flag} titleAs="p" title={MODERATION_TEXTS.noOpenReports} />;
  return (
    <div className="grid gap-4">
      <ul className="grid gap-4" aria-label="Open reports">
        {cases.map((c) => (
          <li key={`${c.target}:${c.targetId}`}>
            <ReportCaseCard report={c} />
          </li>
        ))}
      </ul>
      <LoadMoreButton query={{ hasNextPage, isFetchingNextPage, fetchNextPage }} />
    </div>
  );
}
