import { RefreshCw } from 'lucide-react';
import { TEXTS } from '@common/texts';
import { CenteredScreen } from '@/components/layout/centered-screen';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

/** Full-page states while the session is being read. */
export function SessionLoading() {
  return (
    <CenteredScreen>
      <Spinner />
    </CenteredScreen>
  );
}

export function SessionError({ onRetry }: { onRetry: () => void }) {
  return (
    <CenteredScreen>
      <Card className="w-full max-w-md">
        <CardContent className="grid gap-4 p-6 text-center">
          <p role="alert">{TEXTS.genericFailure}</p>
          <Button variant="outline" onClick={onRetry}>
            <RefreshCw aria-hidden />
            Try again
          </Button>
        </CardContent>
      </Card>
    </CenteredScreen>
  );
}
