import * as React from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useIsServerPass } from '@/lib/use-server-pass';

/** What a map shows while its code loads, and on the server: its own size, so nothing jumps. */
export function MapPlaceholder({ className }: { className?: string }) {
  return <Skeleton className={cn('h-80 w-full rounded-lg', className)} />;
}

type BoundaryState = { hasFailed: boolean };

/** A map that failed to load (its chunk, Leaflet) says so in its place; the page stays. */
class MapErrorBoundary extends React.Component<{ children: React.ReactNode; className?: string }, BoundaryState> {
  override state: BoundaryState = { hasFailed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { hasFailed: true };
  }

  override render() {
    if (!this.state.hasFailed) return this.props.children;
    return (
      <p className={cn('grid place-items-center rounded-lg border text-sm text-muted-foreground', this.props.className)}>
        The map could not be loaded.
      </p>
    );
  }
}

/**
 * A lazy map drawn in the browser only: the server (and hydration) draw its placeholder, and the
 * map's code, Leaflet included, loads after. Pages keep their list alternative outside.
 */
export function BrowserMap({ className, children }: { className?: string; children: React.ReactNode }) {
  const isServerPass = useIsServerPass();
  if (isServerPass) return <MapPlaceholder className={className} />;
  return (
    <MapErrorBoundary className={className}>
      <React.Suspense fallback={<MapPlaceholder className={className} />}>{children}</React.Suspense>
    </MapErrorBoundary>
  );
}
