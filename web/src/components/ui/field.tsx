import * as React from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

/** What a control inside a Field needs to say about itself (ADR 043). */
type FieldControlContext = { id: string; errorId: string | undefined; isInvalid: boolean; isRequired: boolean };

const FieldContext = React.createContext<FieldControlContext | null>(null);

/** The id of a field's message, which the control points at with aria-describedby. */
export const fieldErrorId = (id: string) => `${id}-error`;

type ControlAria = {
  id?: string;
  required?: boolean;
  'aria-invalid'?: React.AriaAttributes['aria-invalid'];
  'aria-describedby'?: string;
  'aria-required'?: React.AriaAttributes['aria-required'];
};

/**
 * The wiring a control takes from the Field around it: its id (the label's target), whether it
 * is invalid, which message describes it and whether it is required. Its own props win, so a
 * control outside a Field (a search box) is unchanged. `native` adds the HTML `required` too.
 */
export function useFieldControl<P extends ControlAria>(props: P, native = false): P {
  const field = React.useContext(FieldContext);
  if (!field) return props;
  const describedBy = [props['aria-describedby'], field.errorId].filter(Boolean).join(' ') || undefined;
  return {
    ...props,
    id: props.id ?? field.id,
    'aria-invalid': props['aria-invalid'] ?? (field.isInvalid ? true : undefined),
    'aria-describedby': describedBy,
    'aria-required': props['aria-required'] ?? (field.isRequired && !native ? true : undefined),
    ...(native && field.isRequired ? { required: true } : {}),
  };
}

export type FieldProps = {
  id: string;
  label: string;
  error?: string;
  /** Marks the label with an asterisk and the control with required / aria-required. */
  required?: boolean;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
};

/**
 * A labelled form row: the label points at the control by id, so it is found by its label. An
 * error shows under the control, which carries aria-invalid and aria-describedby pointing at it
 * (Input, Textarea, SelectTrigger and the content pickers read them through useFieldControl).
 */
export function Field({ id, label, error, required = false, hint, className, children }: FieldProps) {
  const errorId = error ? fieldErrorId(id) : undefined;
  const context = React.useMemo(
    () => ({ id, errorId, isInvalid: Boolean(error), isRequired: required }),
    [id, errorId, error, required],
  );
  return (
    <div className={cn('grid content-start gap-2', className)} data-invalid={error ? true : undefined}>
      <div className="flex items-baseline justify-between gap-2">
        {/* The mark stays outside the label, so the control's name is the label alone. */}
        <span>
          <Label htmlFor={id}>{label}</Label>
          {required ? <RequiredMark /> : null}
        </span>
        {hint}
      </div>
      <FieldContext.Provider value={context}>{children}</FieldContext.Provider>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

/** The visible "required" mark; the control says it to screen readers (aria-required). */
export function RequiredMark() {
  return (
    <span className="ml-0.5 text-destructive" aria-hidden>
      *
    </span>
  );
}

/** A field's message, for controls laid out without a Field (the itinerary's custom item). */
export function FieldError({ id, children }: { id: string | undefined; children: React.ReactNode }) {
  return (
    <p id={id} className="text-xs font-medium text-destructive">
      {children}
    </p>
  );
}

type CharacterCountProps = {
  count: number;
  /** The number shown after the slash: a minimum to reach or a maximum not to pass. */
  limit: number;
  /** 'min': green once reached (About yourself); 'max': red once reached (short description). */
  kind: 'min' | 'max';
};

/** A field's character counter, read out politely as it changes; goes in Field's `hint`. */
export function CharacterCount({ count, limit, kind }: CharacterCountProps) {
  const isReached = count >= limit;
  return (
    <span
      aria-live="polite"
      className={cn(
        'text-xs tabular-nums',
        isReached ? (kind === 'min' ? 'text-success' : 'text-destructive') : 'text-muted-foreground',
      )}
    >
      {`${count}/${limit}`}
    </span>
  );
}
