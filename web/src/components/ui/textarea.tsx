import * as React from 'react';
import { cn } from '@/lib/utils';
import { useFieldControl } from './field';

export function Textarea({ className, ...rest }: React.ComponentProps<'textarea'>) {
  const props = useFieldControl(rest, true);
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'flex min-h-24 w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs transition-colors outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm',
        className,
      )}
      {...props}
    />
  );
}
