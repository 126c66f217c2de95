import { Globe2, Lock, Users } from 'lucide-react';
import * as React from 'react';
import {
  CONTENT_VISIBILITIES,
  VISIBILITY_DESCRIPTIONS,
  VISIBILITY_LABELS,
  VISIBILITY_TEXTS,
  type Visibility,
} from '@common/schemas/visibility';
import { cn } from '@/lib/utils';

export const VISIBILITY_ICONS = { public: Globe2, connections: Users, private: Lock } as const;

type VisibilityChoiceProps = { value: Visibility; onChange: (value: Visibility) => void; className?: string };

/**
 * The three levels of docs/product.md#visibility as one radio group (the old Private switch became a choice
 * of three). Native radios: arrow keys move between them and a screen reader names the group.
 */
export function VisibilityChoice({ value, onChange, className }: VisibilityChoiceProps) {
  const name = React.useId();
  return (
    <fieldset className={cn('grid gap-2', className)}>
      <legend className="mb-2 text-sm font-medium">{VISIBILITY_TEXTS.legend}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {CONTENT_VISIBILITIES.map((level) => {
          const Icon = VISIBILITY_ICONS[level];
          const id = `${name}-${level}`;
          return (
            <label
              key={level}
              htmlFor={id}
              className="grid cursor-pointer grid-cols-[auto_1fr] items-start gap-x-3 gap-y-0.5 rounded-lg border bg-background/60 p-3 transition-colors hover:bg-muted/60 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={level}
                checked={value === level}
                onChange={() => onChange(level)}
                className="row-span-2 mt-0.5 size-4 accent-primary"
              />
              <span className="inline-flex items-center gap-1.5 text-sm font-medium">
                <Icon className="size-4 text-primary" aria-hidden />
                {VISIBILITY_LABELS[level]}
              </span>
              <span className="text-xs text-muted-foreground">{VISIBILITY_DESCRIPTIONS[level]}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
