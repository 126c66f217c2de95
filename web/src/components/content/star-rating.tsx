import { Star } from 'lucide-react';
import { LIMITS } from '@common/limits';
import { cn } from '@/lib/utils';

/** A read-only rating: filled stars plus the 'x/5' text (docs/product.md#screens, a tip's page). */
export function StarRating({ value, max = LIMITS.ratingMax, className }: { value: number; max?: number; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <span className="inline-flex gap-0.5" aria-hidden>
        {Array.from({ length: max }, (_, index) => (
          <Star key={index} className={cn('size-4', index < value ? 'fill-sunset text-sunset' : 'text-muted-foreground/40')} />
        ))}
      </span>
      <span className="text-sm font-medium tabular-nums">
        {value}/{max}
      </span>
    </span>
  );
}
