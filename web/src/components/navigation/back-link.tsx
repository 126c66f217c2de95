import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { canReturnTo, originOf } from '@/lib/came-from';

type BackLinkProps = { fallback: string; children: ReactNode; className?: string };

/**
 * A "Back" button that returns where the member came from in the app (Explore, Saved, a
 * profile, a guide, notifications...), at the position they left; opened directly, or from a
 * form that led here, it goes to `fallback` (issue 21, ADR 047). A real link to `fallback`, so a
 * middle click still opens something sensible.
 */
export function BackLink({ fallback, children, className }: BackLinkProps) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Button variant="ghost" asChild className={className}>
      <Link
        to={fallback}
        onClick={(event) => {
          // Read on click: the origin is recorded after this screen's first render (root-layout.tsx).
          const canGoBack = canReturnTo(originOf(location.key), location.pathname);
          if (!canGoBack || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          void navigate(-1);
        }}
      >
        <ArrowLeft aria-hidden />
        {children}
      </Link>
    </Button>
  );
}
