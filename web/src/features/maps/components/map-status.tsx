import { TEXTS } from '@common/texts';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { tipsOnMap } from '../lib/cluster-label';

export const MAP_STATUS_TEXTS = {
  ownNotPublic: 'Your private and connections-only tips are in the list, not on the map.',
} as const;

type MapStatusProps = { total: number | undefined; error: Error | null; isLoading: boolean; onRetry: () => void };

/** The counter above the map, announced politely as the view changes; or why there is nothing. */
export function MapStatus({ total, error, isLoading, onRetry }: MapStatusProps) {
  if (error) {
    const isMissing = error instanceof ApiError && error.status === 404;
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 p-3 text-sm">
        <span>{isMissing ? 'The map of tips is not available on this server yet.' : TEXTS.genericFailure}</span>
        {isMissing ? null : (
          <Button type="button" size="sm" variant="outline" onClick={onRetry}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  return (
    <div className="grid gap-0.5 text-sm text-muted-foreground">
      <p aria-live="polite">{total === undefined ? (isLoading ? 'Loading the map…' : '') : tipsOnMap(total)}</p>
      {/* The list counts them, the map never shows them (ADR 062, 101): said, never silent. */}
      {total === undefined ? null : <p className="text-xs">{MAP_STATUS_TEXTS.ownNotPublic}</p>}
    </div>
  );
}
