import { Link } from 'react-router';
import { MapPinOff } from 'lucide-react';
import { TEXTS } from '@common/texts';
import { CenteredScreen } from '@/components/layout/centered-screen';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/document-title';

export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <CenteredScreen>
      <div className="grid max-w-md justify-items-center gap-4 text-center">
        <p className="font-display text-7xl font-bold text-primary">404</p>
        <MapPinOff className="size-10 text-muted-foreground" aria-hidden />
        <h1 className="text-2xl font-semibold">{TEXTS.notFoundTitle}</h1>
        <p className="text-muted-foreground">This path does not lead anywhere. Let us get you back on the map.</p>
        <Button asChild>
          <Link to="/">{TEXTS.returnHome}</Link>
        </Button>
      </div>
    </CenteredScreen>
  );
}
