import { MapPin } from 'lucide-react';
import { PRODUCT_NAME } from '@common/texts';
import { cn } from '@/lib/utils';

/** The Waymark mark and word; wrap it in a link where it should navigate. */
export function Brand({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-display text-xl font-bold tracking-tight', className)}>
      <span
        className={cn(
          'flex size-8 items-center justify-center rounded-lg',
          inverted ? 'bg-white/15 text-white' : 'bg-primary text-primary-foreground',
        )}
      >
        <MapPin className="size-4.5" aria-hidden />
      </span>
      {PRODUCT_NAME}
    </span>
  );
}
