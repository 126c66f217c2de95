import * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { clampDays } from '../itinerary';

type SectionProps = { title: string; description?: string; icon: LucideIcon; children: React.ReactNode };

export function FormSection({ title, description, icon: Icon, children }: SectionProps) {
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-3 space-y-0">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
          <Icon className="size-5" aria-hidden />
        </div>
        <div className="grid gap-1">
          <CardTitle>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-5">{children}</CardContent>
    </Card>
  );
}

type DurationInputProps = {
  id: string;
  value: number;
  max: number;
  onChange: (days: number) => void;
  /**
   * A number this says yes to (a lower one that drops items, issue 36) is committed only when the
   * member is done: on leaving the box, on Enter, or at once when stepped with the arrows.
   */
  needsConfirmation?: (days: number) => boolean;
};

/**
 * The number of days. Only a readable number is committed (clamped to 1..max), so clearing the
 * box to type a new number does not drop the itinerary's later days on the way.
 */
export function DurationInput({ id, value, max, onChange, needsConfirmation }: DurationInputProps) {
  const [text, setText] = React.useState(String(value));
  const [committed, setCommitted] = React.useState(value);
  const pending = React.useRef<number | null>(null);
  const isStepping = React.useRef(false);
  if (committed !== value) {
    setCommitted(value);
    setText(String(value));
  }
  const commitPending = () => {
    const days = pending.current;
    pending.current = null;
    setText(String(value));
    if (days !== null) onChange(days);
  };
  return (
    <Input
      id={id}
      type="number"
      inputMode="numeric"
      min={1}
      max={max}
      step={1}
      value={text}
      onKeyDown={(event) => {
        isStepping.current = event.key === 'ArrowUp' || event.key === 'ArrowDown';
        if (event.key === 'Enter' && pending.current !== null) {
          event.preventDefault();
          commitPending();
        }
      }}
      onChange={(event) => {
        setText(event.target.value);
        pending.current = null;
        const parsed = Number.parseInt(event.target.value, 10);
        if (!Number.isFinite(parsed)) return;
        const days = clampDays(parsed, max);
        if (needsConfirmation?.(days) && !isStepping.current) pending.current = days;
        else onChange(days);
      }}
      onBlur={commitPending}
    />
  );
}
