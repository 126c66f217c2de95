import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * The itinerary's tip picker when the author's tips did not load (the quoted toast says so too, docs/product.md#texts-word-for-word):
 * not "You don't have any tips yet", which would be false (issue 19). Custom items still work.
 */
export function TipOptionsFailed({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed border-destructive/40 bg-destructive/5 p-4"
    >
      <div className="flex items-center gap-3">
        <TriangleAlert className="size-5 shrink-0 text-destructive" aria-hidden />
        <div>
          <p className="font-medium">Your tips could not be loaded</p>
          <p className="text-sm text-muted-foreground">You can still add custom items, or try loading your tips again.</p>
        </div>
      </div>
      <Button type="button" variant="outline" size="sm" disabled={isRetrying} onClick={onRetry}>
        <RefreshCw className={isRetrying ? 'animate-spin' : undefined} aria-hidden />
        Try again
      </Button>
    </div>
  );
}
