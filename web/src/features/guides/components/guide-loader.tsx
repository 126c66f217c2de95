import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, MapPinOff, ShieldAlert } from 'lucide-react';
import type { Guide } from '@common/schemas/guide';
import { QueryLoader } from '@/components/content/query-loader';
import { Button } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/notice-card';
import { useGuide } from '../api/get-guide';
import { guidePath } from '@/components/navigation/content-path';

/** Loads a guide for the detail and edit screens ('Loading guide...', 'Guide not found', 'Failed to load guide'). */
export function GuideLoader({ id, children }: { id: string; children: (guide: Guide) => ReactNode }) {
  return (
    <QueryLoader
      query={useGuide(id)}
      loadingLabel="Loading guide..."
      failedMessage="Failed to load guide"
      notFound={<GuideNotFound />}
    >
      {children}
    </QueryLoader>
  );
}

function GuideNotFound() {
  return (
    <NoticeCard
      icon={MapPinOff}
      title="Guide not found"
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

/** Someone else's public guide on /edit-guide: no form (the server refuses the save anyway, docs/product.md#who-may-do-what). */
export function NotGuideOwner({ guideId }: { guideId: string }) {
  return (
    <NoticeCard
      icon={ShieldAlert}
      tone="accent"
      title="You can only edit your own guides"
      titleAs="h1"
      description="This guide belongs to another member. You can still view it."
      className="mx-auto w-full max-w-md"
      action={
        <Button variant="outline" asChild>
          <Link to={guidePath(guideId)}>View the guide</Link>
        </Button>
      }
    />
  );
}
