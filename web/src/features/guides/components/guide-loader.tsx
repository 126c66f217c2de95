import * as React from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, MapPinOff, ShieldAlert } from 'lucide-react';
import type { Guide } from '@common/schemas/guide';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useGuide } from '../api/get-guide';

/**
 * Loads a guide for the detail and edit screens: 'Loading guide...', then 'Guide not found' for a
 * 404 (missing or someone's private guide), or 'Failed to load guide' and /tips otherwise (SPEC 4, 8).
 */
export function GuideLoader({ id, children }: { id: string; children: (guide: Guide) => React.ReactNode }) {
  const navigate = useNavigate();
  const guide = useGuide(id);
  const isNotFound = guide.error instanceof ApiError && guide.error.status === 404;
  const hasFailed = guide.isError && !isNotFound;

  React.useEffect(() => {
    if (!hasFailed) return;
    notifyError('Failed to load guide');
    navigate('/tips', { replace: true });
  }, [hasFailed, navigate]);

  if (guide.isPending || hasFailed) return <Spinner label="Loading guide..." />;
  if (isNotFound || !guide.data) return <GuideNotFound />;
  return <>{children(guide.data)}</>;
}

function GuideNotFound() {
  return (
    <Card className="mx-auto w-full max-w-md border-dashed text-center">
      <CardContent className="grid justify-items-center gap-4 pt-8 pb-8">
        <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <MapPinOff className="size-6" aria-hidden />
        </div>
        <div className="grid gap-1">
          <h1 className="text-xl font-semibold">Guide not found</h1>
          <p className="text-sm text-muted-foreground">It may have been deleted, or it is private.</p>
        </div>
        <Button variant="outline" asChild>
          <Link to="/tips">
            <ArrowLeft aria-hidden />
            Back to Tips
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** Someone else's public guide on /edit-guide: no form (the server refuses the save anyway, D2). */
export function NotGuideOwner({ guideId }: { guideId: string }) {
  return (
    <Card className="mx-auto w-full max-w-md border-dashed text-center">
      <CardContent className="grid justify-items-center gap-4 pt-8 pb-8">
        <div className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <ShieldAlert className="size-6" aria-hidden />
        </div>
        <div className="grid gap-1">
          <h1 className="text-xl font-semibold">You can only edit your own guides</h1>
          <p className="text-sm text-muted-foreground">This guide belongs to another member. You can still view it.</p>
        </div>
        <Button variant="outline" asChild>
          <Link to={`/view-guide/${guideId}`}>View the guide</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
