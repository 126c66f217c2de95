import { useState } from 'react';
import { Flag, History } from 'lucide-react';
import { MODERATION_TEXTS } from '@common/schemas/moderation';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { NoticeCard } from '@/components/ui/notice-card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useHandledReports } from '../api/get-handled-reports';
import { useReportCases } from '../api/get-report-cases';
import { HandledReportCard } from './handled-report-card';
import { ReportCaseCard } from './report-case-card';

/** The Reports tab: Open (each reported thing once, issue 25) and Handled (the decisions, issue 36). */
export function ReportsTab() {
  const [view, setView] = useState('open');
  return (
    <Tabs value={view} onValueChange={setView} className="grid gap-4">
      <TabsList className="w-fit" aria-label="Reports">
        <TabsTrigger value="open">Open</TabsTrigger>
        <TabsTrigger value="handled">Handled</TabsTrigger>
      </TabsList>
      <TabsContent value="open">
        <OpenReports />
      </TabsContent>
      <TabsContent value="handled">
        <HandledReports />
      </TabsContent>
    </Tabs>
  );
}

function OpenReports() {
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

function HandledReports() {
  const { data, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useHandledReports();
  if (isPending) return <Skeleton className="h-40" />;
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0) return <NoticeCard icon={History} titleAs="p" title={MODERATION_TEXTS.noHandledReports} />;
  return (
    <div className="grid gap-4">
      <ul className="grid gap-2" aria-label="Handled reports">
        {items.map((h) => (
          <HandledReportCard key={h.id} handled={h} />
        ))}
      </ul>
      <LoadMoreButton query={{ hasNextPage, isFetchingNextPage, fetchNextPage }} />
    </div>
  );
}
