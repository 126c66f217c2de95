import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, MapPinOff } from 'lucide-react';
import type { Tip } from '@common/schemas/tip';
import { QueryLoader } from '@/components/content/query-loader';
import { Button } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/notice-card';
import { useTip } from '../api/get-tip';
import { TIP_SCREEN_TEXTS as T } from '../texts';

/** Loads a tip for the detail and edit screens ('Loading tip...', 'Tip not found', 'Failed to load tip'). */
export function TipLoader({ id, children }: { id: string; children: (tip: Tip) => ReactNode }) {
  return (
    <QueryLoader query={useTip(id)} loadingLabel={T.loading} failedMessage={T.loadFailed} notFound={<TipNotFound />}>
      {children}
    </QueryLoader>
  );
}

export function TipNotFound() {
  return (
    <NoticeCard
      icon={MapPinOff}
      title={T.notFound}
      titleAs="h1"
      description="It may have been deleted, or it is private."
      className="mx-auto w-full max-w-md"
      action={
        <Button variant="outline" asChild>
          <Link to="/tips">
            <ArrowLeft aria-hidden />
            Back to Tips
          </Link>
        </Button>
      }
    />
  );
}
