import * as React from 'react';
import { type Control, Controller } from 'react-hook-form';
import { MapPinned, TriangleAlert } from 'lucide-react';
import type { Coordinates } from '@common/schemas/map';
import { Button } from '@/components/ui/button';
import { Field, useFieldControl } from '@/components/ui/field';
import type { TipFormValues } from '../tip-form-values';
import { formatCoordinates, locateStatus, shownPoint } from '../tip-location';
import { useLocatedFields } from './use-located-fields';

/** What the tip form needs of a map: draw `point`, report where the member puts the pin. */
export type PinMapProps = {
  /** The map region's accessible name. */
  label: string;
  point: Coordinates | null;
  /** The member's own pin (draggable) rather than where the fields put the tip. */
  isMemberPin: boolean;
  onPick: (point: Coordinates) => void;
};

/** The map is given by the page (app/ composes features): the form never loads map code itself. */
export type PinMap = React.ComponentType<PinMapProps>;

const HELP_ID = 'pin-help';
const WARNING_ID = 'pin-warning';

type TipLocationFieldProps = { control: Control<TipFormValues>; error: string | undefined; pinMap?: PinMap };

/**
 * "Location": where the tip will be (from the link, the city's centre, or the member's pin), with
 * a map to drop or move the pin. A link pointing into another country is a warning, not an error.
 */
export function TipLocationField({ control, error, pinMap: PinMap }: TipLocationFieldProps) {
  const { state, warning, city, country } = useLocatedFields(control);
  return (
    <Controller
      control={control}
      name="pin"
      render={({ field }) => {
        const pin = field.value;
        const point = shownPoint(pin, state);
        return (
          <div className="grid gap-3">
            <Field id="pin" label="Location" error={error}>
              <LocationStatus>
                {locateStatus(pin, state, city, country)}
                {point ? <span className="text-muted-foreground"> ({formatCoordinates(point)})</span> : null}
              </LocationStatus>
            </Field>
            {warning ? <LocationWarning>{warning}</LocationWarning> : null}
            {PinMap ? <PinMap label="Tip location map" point={point} isMemberPin={pin !== null} onPick={field.onChange} /> : null}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-xs text-muted-foreground" id={HELP_ID}>
                Click the map to drop or move the pin, or drag it. By keyboard: pan with the arrow keys, then place the pin at the
                map&apos;s centre. Without a pin the tip is placed from its link or city, else at its country.
              </p>
              {pin ? (
                <Button type="button" variant="outline" size="sm" onClick={() => field.onChange(null)}>
                  <MapPinned aria-hidden />
                  Remove my pin
                </Button>
              ) : null}
            </div>
          </div>
        );
      }}
    />
  );
}

/**
 * The section's "control": a polite live region that says where the tip will be, labelled
 * "Location" and marked invalid (and focused) when the server refuses the pin.
 */
function LocationStatus({ children }: { children: React.ReactNode }) {
  const aria = useFieldControl({ 'aria-describedby': `${WARNING_ID} ${HELP_ID}` });
  return (
    <output {...aria} tabIndex={-1} className="rounded-md text-sm font-medium">
      {children}
    </output>
  );
}

function LocationWarning({ children }: { children: React.ReactNode }) {
  return (
    <p
      id={WARNING_ID}
      role="status"
      className="flex items-start gap-2 rounded-md bg-accent px-3 py-2 text-sm text-accent-foreground"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <span className="sr-only">Warning: </span>
        {children}
      </span>
    </p>
  );
}
