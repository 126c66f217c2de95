import * as React from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { isCountry } from '@common/lists/countries';
import { type LocateFields, useLocateTip } from '../api/locate-tip';
import type { LocateState } from '../tip-location';
import type { TipFormValues } from '../tip-form-values';

const DEBOUNCE_MS = 400;

/** A value that follows `value` once it has stopped changing for `ms`. */
function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = React.useState(value);
  React.useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Where the tip form's country, city and maps link put the tip, asked of the server once the
 * member stops typing: the Location section's state and the link's warning, if any.
 */
export function useLocatedFields(control: Control<TipFormValues>): {
  state: LocateState;
  warning: string | null;
  /** The city the answer is about (the field as it was when asked). */
  city: string;
  /** The country the answer is about: a tip no city places is drawn there (ADR 101). */
  country: string;
} {
  const [country, city, mapsUrl] = useWatch({ control, name: ['country', 'city', 'googleMapsUrl'] });
  // One string, so the debounce compares by value and not by a new array each render.
  const key = useDebouncedValue(JSON.stringify([country, city.trim(), mapsUrl.trim()]), DEBOUNCE_MS);
  const fields = React.useMemo(() => toFields(key), [key]);
  const query = useLocateTip(fields);
  const asked = { city: fields?.city ?? '', country: fields?.country ?? '' };
  if (!fields) return { state: { kind: 'no-country' }, warning: null, ...asked };
  if (query.isError) return { state: { kind: 'failed' }, warning: null, ...asked };
  if (!query.data || query.isPlaceholderData) {
    return { state: { kind: 'pending', previous: query.data }, warning: null, ...asked };
  }
  return { state: { kind: 'done', result: query.data }, warning: query.data.warning, ...asked };
}

function toFields(key: string): LocateFields | null {
  const [country, city, mapsUrl] = JSON.parse(key) as [string, string, string];
  return isCountry(country) ? { country, city, mapsUrl } : null;
}
