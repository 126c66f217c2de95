import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A centred spinner with a visible text, e.g. 'Loading admin panel...'. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex flex-col items-center justify-center gap-3 py-12 text-muted-foreground', className)}>
      <Loader2 className="size-7 animate-spin text-primary" aria-hidden />
      {label ? <p className="text-sm">{label}</p> : <span className="sr-only">Loading</span>}
    </div>
  );
}
