import * as React from 'react';
import { cn } from '@/lib/utils';
import { useFieldControl } from './field';

export function Input({ className, type, ...rest }: React.ComponentProps<'input'>) {
  const props = useFieldControl(rest, true);
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        'flex h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs transition-colors outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm',
        className,
      )}
      {...props}
    />
  );
}
