import * as React from 'react';
import { useNavigate } from 'react-router';
import { ArrowLeft, MapPinOff } from 'lucide-react';
import type { Tip } from '@common/schemas/tip';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useTip } from '../api/get-tip';
import { TIP_SCREEN_TEXTS as T } from '../texts';

/**
 * Loads a tip for the detail and edit screens: 'Loading tip...', then 'Tip not found' for a 404
 * (missing or someone's private tip), or the 'Failed to load tip' toast and /tips for anything else.
 */
export function TipLoader({ id, children }: { id: string; children: (tip: Tip) => React.ReactNode }) {
  const navigate = useNavigate();
  const tip = useTip(id);
  const isNotFound = tip.error instanceof ApiError && tip.error.status === 404;
  const hasFailed = tip.isError && !isNotFound;

  React.useEffect(() => {
    if (!hasFailed) return;
    notifyError(T.loadFailed);
    navigate('/tips', { replace: true });
  }, [hasFailed, navigate]);

  if (tip.isPending || hasFailed) return <Spinner label={T.loading} />;
  if (isNotFound || !tip.data) return <TipNotFound />;
  return <>{children(tip.data)}</>;
}

export function TipNotFound() {
  const navigate = useNavigate();
  return (
    <Card className="mx-auto w-full max-w-md border-dashed text-center">
      <CardContent className="grid justify-items-center gap-4 pt-8 pb-8">
        <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <MapPinOff className="size-6" aria-hidden />
        </div>
        <div className="grid gap-1">
          <h1 className="text-xl font-semibold">{T.notFound}</h1>
          <p className="text-sm text-muted-foreground">It may have been deleted, or it is private.</p>
        </div>
        <Button variant="outline" onClick={() => navigate('/tips')}>
          <ArrowLeft aria-hidden />
          Back to Tips
        </Button>
      </CardContent>
    </Card>
  );
}
